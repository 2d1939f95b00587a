// The team's console (issue 11) against the real binary: an account made with the CLI
// (`site admin add`), sign-in (by keyboard, and with the second factor), a contact message
// sent on the public site seen on the dashboard and in its list, search, CSV export, the data
// request (show, delete), sign-out, a deletion by keyboard, and axe on every console page at
// 375 and 1280 px.
import { spawnSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { pages } from "../app/config/pages";
import { checkA11y, expect, gotoHydrated, test, uniqueEmail, waitForHydration } from "./fixtures";
import { scaled } from "./timeouts";

const STEP = { timeout: scaled(45_000) };

/** API_401 is the browser's report of a console API call answered 401 (signed out, or a sign-in refused). */
const API_401 = /status of 401 \(Unauthorized\) \(http:\/\/[^)]*\/api\/admin\//;

/** consolePaths are the console's pages, from web/pages.json. */
const consolePaths = pages
  .filter((p) => p.path === "/admin" || p.path.startsWith("/admin/"))
  .map((p) => p.path);

/** addAccount makes a console account with the CLI, as a person would, and returns its password. */
function addAccount(email: string): string {
  const password = `e2e ${randomBytes(9).toString("base64url")} console`;
  const binary = process.env.E2E_SITE_BINARY;
  const databaseURL = process.env.E2E_DATABASE_URL;
  if (!binary || !databaseURL)
    throw new Error("E2E_SITE_BINARY / E2E_DATABASE_URL unset: run through playwright");
  const run = spawnSync(binary, ["admin", "add", email], {
    input: `${password}\n`,
    env: { ...process.env, DATABASE_URL: databaseURL, LOG_LEVEL: "error" },
    encoding: "utf8",
    timeout: scaled(30_000),
  });
  expect(run.status, `site admin add ${email}: ${run.stderr}`).toBe(0);
  expect(run.stdout).toContain(`${email}: done`);
  return password;
}

/** base32 decodes an RFC 4648 base32 string (the TOTP secret as apps show it). */
function base32(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of text.replace(/[\s=]/g, "").toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** totp is the RFC 6238 code (HMAC-SHA1, 6 digits) of a secret for a 30-second step. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, "0");
}

/** nowStep is the current 30-second TOTP step. */
function nowStep(): number {
  return Math.floor(Date.now() / 1000 / 30);
}

/** signIn signs in with the form on /admin/sign-in (pointer and keyboard both work). */
async function signIn(page: Page, email: string, password: string, next = "/admin"): Promise<void> {
  await gotoHydrated(page, `/admin/sign-in?next=${encodeURIComponent(next)}`);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email address" }).fill(email);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[?]/g, "\\?")}$`));
}

/** sendContact sends a message from the public contact page, with JavaScript, and waits for the answer. */
async function sendContact(page: Page, email: string, message: string): Promise<void> {
  await gotoHydrated(page, "/contact");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Your name" }).fill("Dana Console");
  await main.getByRole("textbox", { name: "Email address" }).fill(email);
  await main.getByRole("combobox", { name: "Reason for getting in touch" }).selectOption({ label: "Press" });
  await main.getByRole("textbox", { name: "Message" }).fill(message);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith("/api/contact") && r.request().method() === "POST",
  );
  await main.getByRole("button", { name: "Send message" }).click();
  expect((await answered).status()).toBe(201);
}

/** todaysContacts reads today's contact messages from the dashboard's table. */
async function todaysContacts(page: Page): Promise<number> {
  await gotoHydrated(page, "/admin");
  const figure = page
    .getByRole("figure")
    .filter({ has: page.getByRole("heading", { name: /^Submissions per day/ }) });
  await figure.getByText("Show as table").click();
  const table = figure.getByRole("table", { name: /^Submissions per day/ });
  await expect(table).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  const cells = table.getByRole("row", { name: new RegExp(`^${today}`) }).getByRole("cell");
  // Columns: newsletter, contact, lesson plan.
  return Number(await cells.nth(1).textContent());
}

test.describe("the console", () => {
  test("a message sent on the site is on the dashboard and in its list, exported, then deleted by address", async ({
    page,
    guard,
  }) => {
    test.slow();
    // After signing out, the console's first call answers 401 before it goes to sign in.
    guard.allowConsoleError(API_401);
    const admin = uniqueEmail("console-admin");
    const password = addAccount(admin);
    const sender = uniqueEmail("console-contact");
    const message = '=HYPERLINK("https://example.com") Could we talk about the console?';

    const before = await test.step(
      "sign in and read today's contact count",
      async () => {
        await signIn(page, admin, password);
        await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
        await expect(page.getByText(`Signed in as ${admin}`)).toBeVisible();
        return todaysContacts(page);
      },
      STEP,
    );

    await test.step(
      "send a contact message on the public site",
      () => sendContact(page, sender, message),
      STEP,
    );

    await test.step(
      "the dashboard counts it",
      async () => {
        expect(await todaysContacts(page)).toBeGreaterThanOrEqual(before + 1);
        await expect(page.getByRole("img", { name: /^Contact messages [1-9]\d* in 30 days/ })).toBeVisible();
      },
      STEP,
    );

    await test.step(
      "the contacts list finds it by a search",
      async () => {
        await page
          .getByRole("navigation", { name: "Console" })
          .getByRole("link", { name: "Contacts" })
          .click();
        await expect(page).toHaveURL(/\/admin\/contacts$/);
        await waitForHydration(page);
        await page.getByRole("searchbox", { name: /^Search/ }).fill(sender);
        await page.getByRole("searchbox", { name: /^Search/ }).press("Enter");
        await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(sender).replace(/[.+]/g, "\\$&")}`));
        const table = page.getByRole("table", { name: /^Contact messages/ });
        await expect(table.getByRole("row")).toHaveCount(2);
        await expect(table.getByRole("rowheader")).toContainText(sender);
        await expect(table.getByRole("link", { name: `Reply by email to ${sender}` })).toHaveAttribute(
          "href",
          /^mailto:/,
        );
        await checkA11y(page);
      },
      STEP,
    );

    await test.step(
      "the CSV export holds it, its formula neutralised",
      async () => {
        const downloading = page.waitForEvent("download");
        await page.getByRole("link", { name: "Export CSV" }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = await readFile((await download.path()) ?? "", "utf8");
        const lines = csv.trim().split(/\r?\n/);
        expect(lines).toHaveLength(2); // the header and the one message the search finds
        expect(lines[1]).toContain(sender);
        expect(csv).toContain("'=HYPERLINK(");
        expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
      },
      STEP,
    );

    await test.step(
      "the data request shows it, then deletes everything about the address",
      async () => {
        await page
          .getByRole("navigation", { name: "Console" })
          .getByRole("link", { name: "Data request" })
          .click();
        await expect(page).toHaveURL(/\/admin\/data-request$/);
        await waitForHydration(page);
        const main = page.getByRole("main");
        await main.getByRole("textbox", { name: "Email address" }).fill(sender);
        await main.getByRole("button", { name: "Show everything" }).click();
        await expect(main.getByRole("heading", { name: `Everything about ${sender}` })).toBeFocused();
        const counts = main.getByRole("table", { name: "Rows stored, by table" });
        await expect(counts.getByRole("row", { name: /^Contacts/ }).getByRole("cell")).toHaveText("1");
        await expect(main.getByRole("table", { name: "Contacts" })).toContainText(
          "Could we talk about the console?",
        );

        const downloading = page.waitForEvent("download");
        await main.getByRole("link", { name: "Download JSON" }).click();
        const json = JSON.parse(await readFile((await (await downloading).path()) ?? "", "utf8"));
        expect(JSON.stringify(json)).toContain(sender);

        await main.getByRole("textbox", { name: "Email address, to confirm" }).fill(sender);
        await main.getByRole("button", { name: "Delete everything" }).click();
        await expect(main.getByRole("status").filter({ hasText: /^Deleted \d+ rows about/ })).toBeFocused();
        const deleted = main.getByRole("table", { name: "Rows deleted, by table" });
        await expect(deleted.getByRole("row", { name: /^Contacts/ }).getByRole("cell")).toHaveText("1");
      },
      STEP,
    );

    await test.step(
      "the list no longer has it",
      async () => {
        await gotoHydrated(page, `/admin/contacts?q=${encodeURIComponent(sender)}`);
        await expect(page.getByText("No contact messages match these filters.")).toBeVisible();
      },
      STEP,
    );

    await test.step(
      "sign out; the console then asks to sign in again",
      async () => {
        await page.getByRole("button", { name: "Sign out", exact: true }).click();
        await expect(page).toHaveURL(/\/admin\/sign-in$/);
        await page.goto("/admin/audit");
        await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faudit$/);
      },
      STEP,
    );
  });

  test("with the second factor on, signing in asks for the code", async ({ page, guard }) => {
    test.slow();
    // The sign-in without the code is answered 401 with needCode.
    guard.allowConsoleError(API_401);
    const admin = uniqueEmail("console-totp");
    const password = addAccount(admin);
    await signIn(page, admin, password, "/admin/account");
    const main = page.getByRole("main");
    await waitForHydration(page);

    const confirmStep = nowStep();
    await main.getByRole("button", { name: "Set up the second factor" }).click();
    await expect(main.getByRole("img", { name: /^QR code for the authenticator app/ })).toBeVisible();
    const secret = (await main.locator("code").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await checkA11y(page);
    await main.getByRole("textbox", { name: "6-digit code" }).fill(totp(secret, confirmStep));
    await main.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(main.getByRole("status").filter({ hasText: "The second factor is on." })).toBeFocused();

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await waitForHydration(page);
    await main.getByRole("textbox", { name: "Email address" }).fill(admin);
    await main.getByLabel("Password").fill(password);
    await main.getByRole("button", { name: "Sign in" }).click();
    await expect(main.getByRole("alert")).toHaveText("Enter the 6-digit code from your authenticator app.");
    const code = main.getByRole("textbox", { name: "6-digit code" });
    await expect(code).toBeFocused();
    // A code is good once: the next step's code (within the server's one-step skew).
    await code.fill(totp(secret, confirmStep + 1));
    await code.press("Enter");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Signed in as ${admin}`)).toBeVisible();
  });

  test("keyboard alone signs in and deletes a message", async ({ page, request }) => {
    test.slow();
    const admin = uniqueEmail("console-keys");
    const password = addAccount(admin);
    const sender = uniqueEmail("console-keys-contact");
    const sent = await request.post("/api/contact", {
      data: { name: "Kit Keys", email: sender, reason: "press", message: "Please delete me by keyboard." },
    });
    expect(sent.status()).toBe(201);

    await gotoHydrated(page, `/admin/sign-in?next=${encodeURIComponent(`/admin/contacts?q=${sender}`)}`);
    const main = page.getByRole("main");
    const email = main.getByRole("textbox", { name: "Email address" });
    // From the top of the page: the skip link, then into main, to the first field.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(email).toBeFocused();
    await page.keyboard.type(admin);
    await page.keyboard.press("Tab");
    await expect(main.getByLabel("Password")).toBeFocused();
    await page.keyboard.type(password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/contacts\?q=/);

    const remove = main.getByRole("button", { name: `Delete the message from ${sender}` });
    await expect(remove).toBeVisible();
    await remove.focus();
    await page.keyboard.press("Enter");
    const yes = main.getByRole("button", { name: "Yes, delete" });
    await expect(yes).toBeFocused();
    // Escape steps back, focus on Delete again; then delete for real.
    await page.keyboard.press("Escape");
    await expect(remove).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(yes).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(
      main.getByRole("status").filter({ hasText: `Deleted the message from ${sender}.` }),
    ).toBeFocused();
    await expect(main.getByRole("table")).toHaveCount(0);
  });

  // One test per width, each with its own time: 22 axe runs in one test ran out of time with a
  // second `make test` beside this one.
  for (const width of [375, 1280]) {
    test(`axe finds nothing on any console page at ${width} px`, async ({ page, guard, request }) => {
      // The webhook form's refusal is a 422, which the browser reports.
      guard.allowConsoleError(
        /status of 422 \(Unprocessable (Content|Entity)\) \(http:\/\/[^)]*\/api\/admin\/webhooks\)/,
      );
      test.slow();
      const admin = uniqueEmail("console-axe");
      const password = addAccount(admin);
      await page.setViewportSize({ width, height: 800 });
      await test.step(
        `the sign-in page at ${width} px`,
        async () => {
          await gotoHydrated(page, "/admin/sign-in");
          await checkA11y(page);
        },
        STEP,
      );

      const planned = await request.post("/api/lesson-plans", {
        data: {
          email: uniqueEmail("console-plan"),
          subject: "science",
          grade: "10",
          topic: "Photosynthesis",
          duration: 50,
        },
      });
      expect(planned.status()).toBe(201);
      const { reference } = (await planned.json()) as { reference: string };

      await signIn(page, admin, password);
      await page.setViewportSize({ width, height: 800 });
      await test.step(
        `a lesson-plan request's own view at ${width} px`,
        async () => {
          await gotoHydrated(page, `/admin/lesson-plans?ref=${reference}`);
          await expect(page.getByRole("heading", { name: `Request ${reference}` })).toBeFocused();
          await expect(page.getByRole("link", { name: "Open the public plan page" })).toHaveAttribute(
            "href",
            `/submission-success/${reference}`,
          );
          await checkA11y(page);
        },
        STEP,
      );
      await test.step(
        `the webhook form's field errors at ${width} px`,
        async () => {
          await gotoHydrated(page, "/admin/webhooks");
          const main = page.getByRole("main");
          // Loopback is refused unless WEBHOOK_ALLOW_PRIVATE: the console cannot reach internal services.
          await main.getByRole("textbox", { name: "URL" }).fill("https://127.0.0.1/hook");
          await main.getByRole("button", { name: "Add endpoint" }).click();
          await expect(main.getByRole("alert").filter({ hasText: /./ })).toBeFocused();
          await expect(main.getByRole("textbox", { name: "URL" })).toHaveAttribute("aria-invalid", "true");
          await checkA11y(page);
        },
        STEP,
      );
      for (const path of consolePaths.filter((p) => p !== "/admin/sign-in")) {
        await test.step(
          `${path} at ${width} px`,
          async () => {
            await gotoHydrated(page, path);
            await expect(
              page
                .getByRole("main")
                .getByRole("status")
                .filter({ hasText: /^Loading/ }),
            ).toHaveCount(0);
            await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
            await checkA11y(page);
          },
          STEP,
        );
      }
    });
  }
});
