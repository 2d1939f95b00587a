// The lesson plan of issue 9 end to end, in Chromium against the real binary: Try Now! → the
// form → the plan itself on /submission-success/TP-…, with JavaScript and without; its phases'
// minutes add up to the lesson's length; print shows only the plan; the .docx downloads and
// holds the plan (read back by e2e/zip.ts, not by the code that wrote it); copy as text; "make
// another like this" fills the form; "was this useful?" is stored; axe at 375 and 1280 px.
// The AI planner is checked against a second instance of the binary whose AI_BASE_URL points
// at e2e/fake-ai.ts, the one fake allowed: sections appear while the stream is still open.
// Over 300 lines on purpose: the journeys share the form filling and the plan reading here.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Locator, Page } from "@playwright/test";
import { AISections, aiPlan, type FakeAI, startFakeAI } from "./fake-ai";
import { checkA11y, createPlan, expect, gotoHydrated, test, uniqueEmail, waitForHydration } from "./fixtures";
import { type Site, startSite } from "./site-process";
import { scaled } from "./timeouts";
import { unzipEntries, xmlText } from "./zip";

/** PLAN_URL is a plan page's address; its one group is the reference. */
const PLAN_URL = /\/submission-success\/(TP-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})$/;
/**
 * SECTIONS are a plan's sections in reading order (internal/plan SectionKeys): the model's,
 * with the page's own "about" after the title and "provenance" last.
 */
const [TITLE, ...MODEL_SECTIONS] = AISections;
const SECTIONS = [TITLE, "about", ...MODEL_SECTIONS, "provenance"];
/** STEP bounds one step of a long journey, so a stuck step fails by its name. */
const STEP = { timeout: scaled(30_000) };

/** Lesson is what a test asks for: options by their labels, as a teacher picks them. */
type Lesson = {
  subject: string;
  grade: string;
  topic: string;
  minutes: number;
  model?: string;
  needs: string[];
  email: string;
};

/**
 * uniqueTopic is a topic no other test (or run) asks for, since identical requests share a
 * cache: a tag of letters only (the form refuses runs of digits as ID-like numbers).
 */
function uniqueTopic(topic: string): string {
  const n = Date.now() * 1_000 + Math.floor(Math.random() * 1_000);
  const tag = n.toString(26).replace(/[0-9a-p]/g, (c) => String.fromCharCode(97 + Number.parseInt(c, 26)));
  return `${topic} ${tag}`;
}

/** fillLessonForm fills /lesson-plan (already open) with lesson and sends it. */
async function fillLessonForm(page: Page, lesson: Lesson): Promise<void> {
  const main = page.getByRole("main");
  await main.getByRole("combobox", { name: "Subject" }).selectOption({ label: lesson.subject });
  await main.getByRole("combobox", { name: "Grade" }).selectOption({ label: lesson.grade });
  await main.getByRole("textbox", { name: "Lesson topic" }).fill(lesson.topic);
  await main.getByRole("spinbutton", { name: "Lesson length (minutes)" }).fill(String(lesson.minutes));
  await main.getByRole("textbox", { name: "Email address" }).fill(lesson.email);
  if (lesson.model) {
    await main.getByRole("combobox", { name: "Instructional model" }).selectOption({ label: lesson.model });
  }
  for (const need of lesson.needs) await main.getByRole("checkbox", { name: need }).check();
  await main.getByRole("button", { name: "Create my lesson plan" }).click();
}

/** referenceOf is the reference in a plan page's URL. */
function referenceOf(page: Page): string {
  return PLAN_URL.exec(new URL(page.url()).pathname)?.[1] ?? "";
}

/** planOf is the plan on a plan page. */
const planOf = (page: Page): Locator => page.locator("article.lesson-plan");
/** progress is the polite live region where plan-page.js announces a streamed plan's sections. */
const progress = (page: Page): Locator =>
  page.getByRole("status").filter({ hasText: /sections ready$|plan is ready\.$/ });

/** phaseMinutes reads each phase's minutes from the plan's timing table. */
async function phaseMinutes(plan: Locator): Promise<number[]> {
  const cells = await plan.locator("table.plan-timing tbody tr td:nth-of-type(1)").allInnerTexts();
  return cells.map((c) => Number.parseInt(c.trim(), 10));
}

/**
 * expectWholePlan checks the finished plan for lesson on the page: every section in order,
 * the topic used, the phases' minutes whole and adding up to the lesson's length (in the
 * timing table and in the phases' own headings), and each ticked need's supports.
 */
async function expectWholePlan(page: Page, lesson: Lesson): Promise<void> {
  const plan = planOf(page);
  await expect(page.locator("[data-plan-complete]")).toBeAttached();
  await expect(plan).toBeVisible();
  expect(
    await plan.locator("[data-section]").evaluateAll((els) => els.map((e) => e.getAttribute("data-section"))),
  ).toEqual(SECTIONS);
  // The plan is text only: the planner drops anything that looks like markup.
  await expect(plan).toContainText(lesson.topic.replace(/<[^>]*>/g, ""));
  await expect(plan.locator('[data-section="about"]')).toContainText(lesson.subject);
  await expect(plan.locator('[data-section="about"]')).toContainText(lesson.grade);

  const minutes = await phaseMinutes(plan);
  expect(minutes.length, "phases in the timing table").toBeGreaterThanOrEqual(3);
  for (const m of minutes) expect(Number.isInteger(m) && m >= 1, `phase minutes ${m}`).toBe(true);
  expect(
    minutes.reduce((a, b) => a + b, 0),
    `phases ${minutes.join(" + ")}`,
  ).toBe(lesson.minutes);
  const headings = await plan.locator("ol.plan-phases > li h4").allInnerTexts();
  const headed = headings.map((h) => Number(/\((\d+) minutes?\)\s*$/.exec(h)?.[1]));
  expect(headed, "each phase's heading gives the minutes of its row in the table").toEqual(minutes);
  await expect(plan.locator("table.plan-timing tfoot")).toContainText(String(lesson.minutes));

  const differentiation = plan.locator('[data-section="differentiation"]');
  for (const need of lesson.needs) await expect(differentiation).toContainText(need);
}

/**
 * feedbackRows reads the stored feedback on a plan straight from the e2e run's SQLite
 * database (global-setup.ts), where the team's tools read it, with Debian's sqlite3 (read only).
 */
async function feedbackRows(reference: string): Promise<{ useful: number; comment: string }[]> {
  if (!/^TP-[0-9A-Z-]{14}$/.test(reference)) throw new Error(`not a reference: ${reference}`);
  const db = path.join(process.env.E2E_DATA_DIR ?? "", "e2e.db");
  const sql = `SELECT useful, comment FROM plan_feedback WHERE reference = '${reference}' ORDER BY id`;
  try {
    const { stdout } = await promisify(execFile)("sqlite3", ["-readonly", "-json", db, sql]);
    return stdout.trim() ? JSON.parse(stdout) : [];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error("e2e: the feedback check reads the database with sqlite3: apt-get install sqlite3");
    }
    throw err;
  }
}

test.describe("the plan page with JavaScript", () => {
  test("Try Now! → the form → the plan on /submission-success, its minutes adding up, axe clean at 375 and 1280 px", async ({
    page,
    request,
  }) => {
    test.slow(); // the landing page, the form, the plan page and two axe runs
    const lesson: Lesson = {
      subject: "Science",
      grade: "Grade 10",
      topic: uniqueTopic("Photosynthesis & cellular <b>respiration</b>"),
      minutes: 55,
      model: "5E",
      needs: ["English learners", "IEP/504 supports"],
      email: uniqueEmail("plan"),
    };
    await test.step(
      "Try Now! on the landing page opens the form",
      async () => {
        await gotoHydrated(page, "/");
        await page.getByRole("main").getByRole("link", { name: "Try Now!", exact: true }).click();
        await expect(page).toHaveURL(/\/lesson-plan$/);
        await waitForHydration(page);
      },
      STEP,
    );

    const reference = await test.step(
      "the form sent, the browser lands on the plan page with the whole plan",
      async () => {
        await fillLessonForm(page, lesson);
        await expect(page).toHaveURL(PLAN_URL);
        const reference = referenceOf(page);
        await expect(page.getByRole("main")).toContainText(reference);
        await expectWholePlan(page, lesson);
        // The teacher's text is shown as text, never as markup.
        await expect(planOf(page).locator("b")).toHaveCount(0);
        await expect(planOf(page).locator('[data-section="provenance"]')).toContainText(/built-in planner/);
        await expect(planOf(page).locator('[data-section="provenance"]')).toContainText(/draft/);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        return reference;
      },
      STEP,
    );

    // One step per width: axe on a whole plan took over 16 s on a busy machine.
    await test.step("axe finds nothing at 1280 px", () => checkA11y(page), STEP);
    await test.step(
      "axe finds nothing at 375 px",
      async () => {
        await page.setViewportSize({ width: 375, height: 740 });
        await checkA11y(page);
      },
      STEP,
    );

    await test.step(
      "the old address with ?ref= is redirected to the plan page",
      async () => {
        const res = await request.get(`/submission-success?ref=${reference}`, { maxRedirects: 0 });
        expect(res.status()).toBe(308);
        expect(res.headers().location).toBe(`/submission-success/${reference}`);
      },
      STEP,
    );
  });

  test("print emulation shows only the plan", async ({ page, request }) => {
    const { url } = await createPlan(request, uniqueTopic("Plate tectonics"));
    await page.goto(url);
    await expect(planOf(page)).toBeVisible();
    const chrome = [
      ["the site's header", page.getByRole("banner")],
      ["the site's footer", page.getByRole("contentinfo")],
      ["the plan's actions", page.locator("[data-plan-actions]")],
      ["the feedback form", page.locator("form[data-plan-feedback]")],
    ] as const;
    for (const [what, part] of chrome) await expect(part, `${what} on screen`).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(planOf(page)).toBeVisible();
    await expect(planOf(page).locator('[data-section="phases"] table')).toBeVisible();
    for (const [what, part] of chrome) await expect(part, `${what} in print`).toBeHidden();
  });

  test("the .docx downloads and holds the plan; copy puts the plan's text on the clipboard", async ({
    page,
    request,
  }) => {
    const { url } = await createPlan(request, uniqueTopic("Punnett squares"));
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(url);
    const plan = planOf(page);
    const title = ((await plan.locator('[data-section="title"] h2').textContent()) ?? "").trim();
    const firstPhase = ((await plan.locator("ol.plan-phases > li h4").first().textContent()) ?? "").trim();
    expect(firstPhase).toMatch(/\(\d+ minutes?\)$/);

    const downloaded = page.waitForEvent("download");
    await page.getByRole("link", { name: /\.docx|Word/i }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const zip = unzipEntries(await readFile(await download.path()));
    expect(zip.has("[Content_Types].xml"), "a Word package").toBe(true);
    const document = zip.get("word/document.xml");
    expect(document, "word/document.xml").toBeDefined();
    const text = xmlText(document?.toString("utf8") ?? "");
    expect(text).toContain(title);
    expect(text, "the first phase with its minutes").toContain(firstPhase);
    expect(text).toContain("English learners");

    // The Print button and the copy button are the script's; copy reads plan.txt.
    const actions = page.locator("[data-plan-actions]");
    await expect(actions.getByRole("button", { name: "Print" })).toBeVisible();
    await actions.getByRole("button", { name: /copy/i }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeAttached();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(title);
    expect(copied).toContain(firstPhase.replace(/\s*\(.*$/, ""));
  });

  test("make another like this opens the form filled in with the same lesson", async ({ page, request }) => {
    const topic = uniqueTopic("Balancing chemical equations");
    const { url, reference } = await createPlan(request, topic);
    await page.goto(url);
    await page.getByRole("link", { name: /make another like this/i }).click();
    await expect(page).toHaveURL(new RegExp(`/lesson-plan\\?from=${reference}$`));
    const main = page.getByRole("main");
    await expect(main.getByText(`Filled in from your plan ${reference}`)).toHaveRole("status");
    await expect(main.getByRole("combobox", { name: "Subject" })).toHaveValue("science");
    await expect(main.getByRole("combobox", { name: "Grade" })).toHaveValue("10");
    await expect(main.getByRole("textbox", { name: "Lesson topic" })).toHaveValue(topic);
    await expect(main.getByRole("spinbutton", { name: "Lesson length (minutes)" })).toHaveValue("45");
    await expect(main.getByRole("combobox", { name: "Instructional model" })).toHaveValue("5e");
    await expect(main.getByRole("checkbox", { name: "English learners" })).toBeChecked();
    await expect(main.getByRole("textbox", { name: "Email address" })).toHaveValue("");

    // Sent as it is (with an address), it is a new plan of its own.
    await main.getByRole("textbox", { name: "Email address" }).fill(uniqueEmail("another"));
    await main.getByRole("button", { name: "Create my lesson plan" }).click();
    await expect(page).toHaveURL(PLAN_URL);
    expect(referenceOf(page)).not.toBe(reference);
    await expect(planOf(page)).toContainText(topic);
  });

  test("was this useful? is answered in place, and stored", async ({ page, request }) => {
    const { url, reference } = await createPlan(request, uniqueTopic("Newton's third law"));
    await page.goto(url);
    const form = page.locator("form[data-plan-feedback]");
    await form.getByRole("radio", { name: /^yes/i }).check();
    const comment = `The timing fits my period (${uniqueTopic("note")})`;
    await form.getByRole("textbox").fill(comment);
    const answered = page.waitForResponse(
      (r) => r.url().endsWith(`/api/lesson-plans/${reference}/feedback`) && r.request().method() === "POST",
    );
    await form.getByRole("button").click();
    expect((await answered).status()).toBe(201);
    await expect(page.getByRole("status").filter({ hasText: /thank you/i })).toBeVisible();
    await expect(page).toHaveURL(url); // in place: no navigation
    await checkA11y(page);
    await expect.poll(() => feedbackRows(reference)).toEqual([{ useful: 1, comment }]);
  });
});

test.describe("the plan page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Try Now! → the form → the plan, then feedback by a plain post", async ({ page, request }) => {
    test.slow(); // four page loads
    const lesson: Lesson = {
      subject: "Mathematics",
      grade: "Grade 9",
      topic: uniqueTopic("Solving linear inequalities on a number line"),
      minutes: 90,
      model: "Direct instruction",
      needs: ["Advanced learners"],
      email: uniqueEmail("nojs-plan"),
    };
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Try Now!", exact: true }).click();
    await expect(page).toHaveURL(/\/lesson-plan$/);
    await fillLessonForm(page, lesson);
    // 303 to the plan page, which the server renders whole.
    await expect(page).toHaveURL(PLAN_URL);
    const reference = referenceOf(page);
    await expectWholePlan(page, lesson);

    // Copy as text is a link to the plan as text.
    const copy = page.locator("a[data-plan-copy]");
    const txt = await request.get((await copy.getAttribute("href")) ?? "");
    expect(txt.status()).toBe(200);
    expect(txt.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(await txt.text()).toContain(lesson.topic);

    const form = page.locator("form[data-plan-feedback]");
    await form.getByRole("radio", { name: /^no/i }).check();
    await form.getByRole("button").click();
    await expect(page).toHaveURL(
      new RegExp(`/submission-success/${reference}\\?feedback=thanks(#feedback)?$`),
    );
    await expect(page.getByRole("main")).toContainText(/thank you/i);
    await expect.poll(() => feedbackRows(reference)).toEqual([{ useful: 0, comment: "" }]);
  });
});

// A second instance of the binary with an AI provider: e2e/fake-ai.ts on loopback. The fake
// holds its stream after the objectives until the test has seen them on the page.
test.describe("the plan page with an AI provider", () => {
  test.describe.configure({ mode: "serial" });
  const MODEL = "fake-model-e2e";
  const KEY = "sk-e2e-S3CRET-0123456789";
  let fake: FakeAI;
  let site: Site;

  test.beforeAll(async () => {
    fake = await startFakeAI();
    site = await startSite({ AI_BASE_URL: fake.baseURL, AI_API_KEY: KEY, AI_MODEL: MODEL });
  });
  test.afterAll(async () => {
    await site?.stop();
    await fake?.stop();
  });

  test("the AI's sections appear as they are validated, and the plan ends complete, labelled with the model", async ({
    browser,
  }) => {
    test.slow(); // a second server's pages, a held stream and an axe run
    const context = await browser.newContext({ baseURL: site.baseURL });
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      let scriptRequests = 0;
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === "/plan-page.js") scriptRequests++;
      });
      const lesson: Lesson = {
        subject: "Science",
        grade: "Grade 11",
        topic: uniqueTopic("Enzymes and activation energy"),
        minutes: 45,
        needs: ["English learners"],
        email: uniqueEmail("ai-plan"),
      };
      fake.plan = aiPlan(lesson.topic, lesson.minutes);
      const gate = fake.hold("objectives");
      await gotoHydrated(page, "/lesson-plan");
      await fillLessonForm(page, lesson);

      await test.step(
        "the first sections are on screen while the provider still holds the rest",
        async () => {
          await gate.reached;
          await expect(page).toHaveURL(PLAN_URL);
          const plan = planOf(page);
          await expect(plan.locator('[data-section="title"]')).toHaveText(`AI draft: ${lesson.topic}`);
          await expect(plan.locator('[data-section="objectives"]')).toBeVisible();
          await expect(page.locator("[data-plan-status]")).toBeVisible();
          await expect(page.locator("[data-plan-complete]")).toHaveCount(0);
          await expect(plan.locator('[data-section="phases"]')).toHaveCount(0);
          // The page's script runs while the stream is held, and tells screen readers how far it is.
          await expect(progress(page)).toHaveText(/^[1-9]\d* of \d+ sections ready$/);
        },
        STEP,
      );

      await test.step(
        "the rest streams in, and the plan ends complete and labelled",
        async () => {
          gate.open();
          await expectWholePlan(page, lesson);
          await expect(planOf(page).locator("ol.plan-phases")).toContainText("Model think-aloud");
          await expect(planOf(page).locator('[data-section="provenance"]')).toContainText(
            `Drafted by the AI model ${MODEL}`,
          );
          await expect(progress(page)).toHaveText("Your lesson plan is ready.");
          // Asked for early by the stream, the script is not asked for again once the page has
          // loaded: the shell's loader has run by a frame and a task after `load`.
          await page.evaluate(
            () =>
              new Promise((done) => {
                const after = () => requestAnimationFrame(() => setTimeout(done));
                if (document.readyState === "complete") after();
                else addEventListener("load", after, { once: true });
              }),
          );
          expect(scriptRequests).toBe(1);
          await expect(page.getByRole("button", { name: "Print" })).toHaveCount(1);
        },
        STEP,
      );
      await test.step("axe finds nothing on the AI's plan", () => checkA11y(page), STEP);

      // What the provider got: the key as a bearer token, the topic, never the email.
      const asked = fake.requests.find((r) => r.raw.includes(lesson.topic));
      expect(asked, "the provider was asked for this lesson").toBeDefined();
      expect(asked?.authorization).toBe(`Bearer ${KEY}`);
      expect(asked?.raw).not.toContain(lesson.email);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("without JavaScript the streamed page ends showing the whole AI plan", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: site.baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const lesson: Lesson = {
        subject: "Science",
        grade: "Grade 12",
        topic: uniqueTopic("Half-life and radioactive decay"),
        minutes: 50,
        needs: ["English learners"],
        email: uniqueEmail("ai-nojs"),
      };
      fake.plan = aiPlan(lesson.topic, lesson.minutes);
      await page.goto("/lesson-plan");
      await fillLessonForm(page, lesson);
      await expect(page).toHaveURL(PLAN_URL);
      await expectWholePlan(page, lesson);
      await expect(planOf(page).locator('[data-section="provenance"]')).toContainText(`AI model ${MODEL}`);
    } finally {
      await context.close();
    }
  });
});
