// The forms of issue 3 end to end, in Chromium against the real binary: the newsletter's
// double opt-in (subscribe, confirm from the emailed link, unsubscribe), the contact form and
// the lesson-plan request, each with JavaScript and without it; field errors with focus
// moved; axe on every form in its error and success states. Emails are read from the server
// log (SMTP_URL is unset in e2e runs). The lesson plan's own page (the plan, its actions and
// feedback) is plan.spec.ts's; here the request lands on it.
// Over 300 lines on purpose: the three forms share the no-JavaScript context, the email
// reading and the axe steps defined here, and each form is one describe block.
import type { Browser, Page } from "@playwright/test";
import { checkA11y, expect, gotoHydrated, type ServerLog, test, uniqueEmail, urlsIn } from "./fixtures";
import { scaled } from "./timeouts";

const SUBSCRIBED = "Thanks! Check your inbox to confirm your subscription.";
const CONTACT_SENT = "Thanks — your message is on its way.";
/** TOPIC is typed as a lesson topic; the plan shows it as text (markup dropped), never as markup. */
const TOPIC = "Solving linear inequalities <b>on a number line</b>";
/** TOPIC_SHOWN is TOPIC as the plan shows it. */
const TOPIC_SHOWN = "Solving linear inequalities on a number line";
/** PLAN_HEADING is the plan page's h1. */
const PLAN_HEADING = "Your lesson plan";
const CONFIRMATION_URL = /\/submission-success\/TP-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;
/** STEP bounds one step of a long journey (a page load, a submit, an axe run or two), so a
 * stuck step fails by its name before the whole test's time is gone. 45 s, not 20: with a
 * second `make test` beside this one, loading /blog, hydrating it and running axe took more
 * than 21 s. */
const STEP = { timeout: scaled(45_000) };

/** noScriptPage opens a page in a new context with JavaScript off; the caller closes it. */
async function noScriptPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  return context.newPage();
}

/** emailLinks waits for the logged email to address whose text has a link containing part. */
async function emailLink(serverLog: ServerLog, address: string, part: string): Promise<string> {
  const entry = await serverLog.waitFor((e) => e.to === address && urlsIn(e).some((u) => u.includes(part)));
  const link = urlsIn(entry).find((u) => u.includes(part));
  if (!link) throw new Error(`no ${part} link in the email to ${address}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** tokenOf returns the token query parameter of a site path. */
function tokenOf(path: string): string {
  return new URL(path, "http://site").searchParams.get("token") ?? "";
}

test.describe("newsletter with JavaScript", () => {
  test("subscribe in the footer, confirm from the emailed link, then unsubscribe", async ({
    page,
    serverLog,
  }) => {
    test.slow(); // four pages, four axe runs and two emails
    const email = uniqueEmail("newsletter");
    const box = page.getByRole("contentinfo").locator("form");
    const input = box.getByRole("textbox", { name: "Email address" });
    const subscribe = box.getByRole("button", { name: "Subscribe" });

    await test.step(
      "a malformed address is caught in the browser, next to the field",
      async () => {
        await gotoHydrated(page, "/blog");
        await expect(input).toHaveAttribute("placeholder", "Enter your email");
        // With focus on it.
        await input.fill("not-an-address");
        await subscribe.click();
        await expect(input).toBeFocused();
        await expect(input).toHaveAttribute("aria-invalid", "true");
        await expect(box.getByText("Enter an email address like name@school.org.")).toBeVisible();
        await checkA11y(page);
      },
      STEP,
    );

    await test.step(
      "a good address subscribes, and again says exactly the same",
      async () => {
        await input.fill(email);
        await subscribe.click();
        await expect(box.getByRole("status")).toHaveText(SUBSCRIBED);
        await expect(input).not.toHaveAttribute("aria-invalid");
        await checkA11y(page);

        // Subscribing again says exactly the same: nothing reveals who is subscribed.
        await input.fill(email);
        await subscribe.click();
        await expect(box.getByRole("status")).toHaveText(SUBSCRIBED);
      },
      STEP,
    );

    await test.step(
      "the emailed link confirms",
      async () => {
        const confirm = await emailLink(serverLog, email, "/newsletter/confirm");
        await gotoHydrated(page, confirm);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
        await page.getByRole("button", { name: "Confirm subscription" }).click();
        await expect(page.getByRole("heading", { name: "You're subscribed. Thank you!" })).toBeVisible();
        await checkA11y(page);
      },
      STEP,
    );

    await test.step(
      "the emailed link unsubscribes",
      async () => {
        const unsubscribe = await emailLink(serverLog, email, "/newsletter/unsubscribe");
        await gotoHydrated(page, unsubscribe);
        await page.getByRole("button", { name: "Unsubscribe" }).click();
        await expect(page.getByRole("heading", { name: /You're unsubscribed/ })).toBeVisible();
        await checkA11y(page);
      },
      STEP,
    );
  });

  test("a confirmation link that is not valid is explained", async ({ page, guard }) => {
    guard.allowConsoleError(/status of (404|410)/);
    await gotoHydrated(page, "/newsletter/confirm?token=not-a-real-token-0123456789");
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "This link has expired or is not valid" })).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("confirmation pages of plain form posts", () => {
  for (const path of [
    "/newsletter/check-email",
    "/newsletter/confirmed",
    "/newsletter/unsubscribed",
    "/contact/sent",
  ]) {
    test(`${path} is pre-rendered, noindex and accessible`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await checkA11y(page);
    });
  }
});

test.describe("contact with JavaScript", () => {
  test("shows field errors with focus, then sends the message and confirms on the page", async ({
    page,
    serverLog,
  }) => {
    test.slow(); // two axe runs and a round trip to the mail outbox
    const email = uniqueEmail("contact");
    const main = page.getByRole("main");
    const name = main.getByRole("textbox", { name: "Your name" });
    const message = main.getByRole("textbox", { name: "Message" });
    await test.step(
      "an empty form shows its field errors, focus on the first",
      async () => {
        await gotoHydrated(page, "/contact");
        await expect(main.getByText("hello@teachpilot.example")).toBeVisible();
        await expect(main.getByText(/within two working days/).first()).toBeVisible();

        await main.getByRole("button", { name: "Send message" }).click();
        await expect(name).toBeFocused();
        await expect(name).toHaveAccessibleDescription("Error: Enter your name.");
        await expect(main.getByRole("region", { name: "There is a problem" }).getByRole("link")).toHaveCount(
          4,
        );
        await checkA11y(page);
      },
      STEP,
    );

    await test.step(
      "a short message is refused, the other fields kept",
      async () => {
        await name.fill("Dana Whitfield");
        await main.getByRole("textbox", { name: "Email address" }).fill(email);
        await main
          .getByRole("combobox", { name: "Reason for getting in touch" })
          .selectOption({ label: "Press" });
        await main.getByRole("textbox", { name: "Message" }).fill("Short");
        await main.getByRole("button", { name: "Send message" }).click();
        await expect(message).toBeFocused();
        await expect(main.getByText("Your message needs at least 10 characters.").first()).toBeVisible();
        await expect(name).toHaveValue("Dana Whitfield");
      },
      STEP,
    );

    await test.step(
      "the message is sent, confirmed on the page, and emailed",
      async () => {
        await message.fill("Could we interview a teacher who uses TeachPilot for our back-to-school issue?");
        await main.getByRole("button", { name: "Send message" }).click();
        await expect(main.getByRole("heading", { name: CONTACT_SENT })).toBeFocused();
        await checkA11y(page);

        // The team is told and the sender gets a receipt.
        await serverLog.waitFor((e) => e.to === email);
        await serverLog.waitFor((e) => String(e.reply_to).includes(email));
      },
      STEP,
    );
  });
});

test.describe("lesson plan with JavaScript", () => {
  test("shows field errors with focus, then lands on /submission-success/TP-… with the plan", async ({
    page,
    request,
    serverLog,
  }) => {
    test.slow(); // two axe runs and a round trip to the mail outbox
    const email = uniqueEmail("plan");
    const main = page.getByRole("main");
    const subject = main.getByRole("combobox", { name: "Subject" });
    await test.step(
      "an empty form shows its field errors, focus on the first",
      async () => {
        await gotoHydrated(page, "/lesson-plan");
        await expect(
          main.getByText("Don't include student names or other personal information."),
        ).toBeVisible();
        await main.getByRole("button", { name: "Create my lesson plan" }).click();
        await expect(subject).toBeFocused();
        await expect(subject).toHaveAccessibleDescription("Error: Choose a subject.");
        await checkA11y(page);
      },
      STEP,
    );

    const reference = await test.step(
      "a complete form lands on the plan page",
      async () => {
        await subject.selectOption({ label: "Science" });
        await main.getByRole("combobox", { name: "Grade" }).selectOption({ label: "Grade 10" });
        await main
          .getByRole("textbox", { name: "Lesson topic" })
          .fill("Photosynthesis and cellular respiration");
        await expect(main.getByRole("spinbutton", { name: "Lesson length (minutes)" })).toHaveValue("50");
        await main.getByRole("textbox", { name: "Email address" }).fill(email);
        await main.getByRole("checkbox", { name: "English learners" }).check();
        await main.getByRole("button", { name: "Create my lesson plan" }).click();

        // A document navigation to the request's own page, rendered by the server.
        await expect(page).toHaveURL(/\/submission-success\/TP-[0-9A-Z-]+$/);
        const reference = new URL(page.url()).pathname.split("/").at(-1) ?? "";
        await expect(main.getByRole("heading", { level: 1 })).toHaveText(PLAN_HEADING);
        await expect(main.getByText(reference, { exact: true })).toBeVisible();
        const plan = main.locator("article.lesson-plan");
        await expect(plan).toContainText("Photosynthesis and cellular respiration");
        await expect(plan.locator('[data-section="differentiation"]')).toContainText("English learners");
        await expect(main.getByRole("link", { name: "Make another like this" })).toBeVisible();
        await checkA11y(page);
        return reference;
      },
      STEP,
    );

    await test.step(
      "the request's page opened again shows it, and it was emailed",
      async () => {
        await page.goto(`/submission-success/${reference}`);
        await expect(main.getByText(reference, { exact: true })).toBeVisible();
        await expect(main.locator("article.lesson-plan")).toContainText(
          "Photosynthesis and cellular respiration",
        );

        expect((await request.get(`/api/lesson-plans/${reference}`)).status()).toBe(200);
        await serverLog.waitFor((e) => e.to === email && JSON.stringify(e).includes(reference));
      },
      STEP,
    );
  });

  test("the success page reached directly says where requests live and links to the form", async ({
    page,
  }) => {
    await gotoHydrated(page, "/submission-success");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Your lesson plan");
    await expect(main.getByRole("link", { name: "Fill in the lesson plan form" })).toHaveAttribute(
      "href",
      "/lesson-plan",
    );
    await checkA11y(page);
  });
});

// axe needs JavaScript in the page, so these tests check the flows; the same pages and
// states are checked by axe in the tests above.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the newsletter box subscribes, and the emailed links confirm and unsubscribe", async ({
    page,
    serverLog,
  }) => {
    test.slow(); // five page loads and two emails
    const email = uniqueEmail("nojs-newsletter");
    await test.step(
      "the newsletter box subscribes",
      async () => {
        await page.goto("/");
        const box = page.getByRole("contentinfo").locator("form");
        await box.getByRole("textbox", { name: "Email address" }).fill(email);
        await box.getByRole("button", { name: "Subscribe" }).click();
        await expect(page).toHaveURL(/\/newsletter\/check-email$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
      },
      STEP,
    );

    await test.step(
      "the emailed link confirms, with the code typed in",
      async () => {
        // A pre-rendered page cannot read ?token= without JavaScript: it asks for the code.
        const confirm = await emailLink(serverLog, email, "/newsletter/confirm");
        await page.goto(confirm);
        await page.getByRole("textbox", { name: "Code from your email link" }).fill(tokenOf(confirm));
        await page.getByRole("button", { name: "Confirm subscription" }).click();
        await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscription confirmed");
      },
      STEP,
    );

    await test.step(
      "the emailed link unsubscribes, with the code typed in",
      async () => {
        const unsubscribe = await emailLink(serverLog, email, "/newsletter/unsubscribe");
        await page.goto(unsubscribe);
        await page.getByRole("textbox", { name: "Code from your email link" }).fill(tokenOf(unsubscribe));
        await page.getByRole("button", { name: "Unsubscribe" }).click();
        await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
      },
      STEP,
    );

    await test.step(
      "subscribing again starts a fresh double opt-in",
      async () => {
        // Unsubscribed stays unsubscribed until the person opts in again.
        await page.goto("/");
        const again = page.getByRole("contentinfo").locator("form");
        await again.getByRole("textbox", { name: "Email address" }).fill(email);
        await again.getByRole("button", { name: "Subscribe" }).click();
        await expect(page).toHaveURL(/\/newsletter\/check-email$/);
      },
      STEP,
    );
  });

  test("the contact form posts and confirms", async ({ page, serverLog }) => {
    const email = uniqueEmail("nojs-contact");
    await page.goto("/contact");
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "Your name" }).fill("Sam Ortiz");
    await main.getByRole("textbox", { name: "Email address" }).fill(email);
    await main
      .getByRole("combobox", { name: "Reason for getting in touch" })
      .selectOption({ label: "Product support" });
    await main
      .getByRole("textbox", { name: "Message" })
      .fill("The planner timed out when I asked for a 90 minute lab.");
    await main.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact\/sent$/);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Message sent");
    await expect(main.getByText(/replies within two working days/)).toBeVisible();
    await serverLog.waitFor((e) => e.to === email);
  });

  test("invalid input gets a plain page listing each problem with a link back", async ({ page, guard }) => {
    guard.allowConsoleError(/status of 422/);
    await page.goto("/contact");
    const main = page.getByRole("main");
    // The browser's own checks come first without JavaScript; skip them as an old browser would.
    await main.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
    await main.getByRole("textbox", { name: "Your name" }).fill("Sam Ortiz");
    await main.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("There is a problem");
    await expect(
      page.getByRole("link", { name: /Enter your email address so we can reply\./ }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /Enter your message\./ })).toHaveAttribute(
      "href",
      "/contact#contact-message",
    );
  });

  test("the lesson plan form posts and lands on the plan page with its reference", async ({
    page,
    request,
    serverLog,
  }) => {
    const email = uniqueEmail("nojs-plan");
    await page.goto("/lesson-plan");
    const main = page.getByRole("main");
    await main.getByRole("combobox", { name: "Subject" }).selectOption({ label: "Mathematics" });
    await main.getByRole("combobox", { name: "Grade" }).selectOption({ label: "Grade 9" });
    await main.getByRole("textbox", { name: "Lesson topic" }).fill(TOPIC);
    await main.getByRole("textbox", { name: "Email address" }).fill(email);
    await main.getByRole("button", { name: "Create my lesson plan" }).click();

    // 303 to /submission-success/TP-…, the plan page the server renders.
    await expect(page).toHaveURL(CONFIRMATION_URL);
    const reference = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const confirmation = page.getByRole("main");
    await expect(confirmation.getByRole("heading", { level: 1 })).toHaveText(PLAN_HEADING);
    await expect(confirmation.getByText(reference, { exact: true })).toBeVisible();
    const plan = confirmation.locator("article.lesson-plan");
    await expect(plan).toContainText(TOPIC_SHOWN);
    await expect(plan.locator("b")).toHaveCount(0);
    await expect(plan.locator('[data-section="about"]')).toContainText("Mathematics");
    await expect(plan.locator('[data-section="about"]')).toContainText("50 minutes");
    await expect(confirmation.getByRole("link", { name: "Make another like this" })).toHaveAttribute(
      "href",
      `/lesson-plan?from=${reference}`,
    );

    expect((await request.get(`/api/lesson-plans/${reference}`)).status()).toBe(200);
    await serverLog.waitFor((e) => e.to === email && JSON.stringify(e).includes(reference));
  });
});

// axe runs in the page, so the pages the server renders are checked in a page with JavaScript
// on: the plan page a plain post lands on by its own URL, and the problem page, the answer to
// a POST, from the HTML a script-less browser got, served again at the same URL with the
// site's stylesheet.
test.describe("pages the server renders", () => {
  test("the plan page a plain post lands on passes axe", async ({ page, browser, baseURL }) => {
    const nojs = await noScriptPage(browser, baseURL);
    try {
      await nojs.goto("/lesson-plan");
      const form = nojs.getByRole("main");
      await form.getByRole("combobox", { name: "Subject" }).selectOption({ label: "Science" });
      await form.getByRole("combobox", { name: "Grade" }).selectOption({ label: "Grade 11" });
      await form.getByRole("textbox", { name: "Lesson topic" }).fill("Punnett squares");
      await form.getByRole("textbox", { name: "Email address" }).fill(uniqueEmail("axe-plan"));
      await form.getByRole("checkbox", { name: "Advanced learners" }).check();
      await form.getByRole("button", { name: "Create my lesson plan" }).click();
      await expect(nojs).toHaveURL(CONFIRMATION_URL);

      await page.goto(new URL(nojs.url()).pathname);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(PLAN_HEADING);
      await expect(page.locator('article.lesson-plan [data-section="differentiation"]')).toContainText(
        "Advanced learners",
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("href", /^\/assets\/.+\.css$/);
      await checkA11y(page);
    } finally {
      await nojs.context().close();
    }
  });

  test("the problem page passes axe", async ({ page, browser, baseURL, guard }) => {
    guard.allowConsoleError(/status of 422/);
    const nojs = await noScriptPage(browser, baseURL);
    try {
      await nojs.goto("/contact");
      const form = nojs.getByRole("main");
      await form.locator("form").evaluate((f) => f.setAttribute("novalidate", ""));
      await form.getByRole("textbox", { name: "Your name" }).fill("Sam Ortiz");
      await form.getByRole("textbox", { name: "Message" }).fill("Too short");
      await form.getByRole("button", { name: "Send message" }).click();
      await expect(nojs.getByRole("heading", { level: 1 })).toContainText("There is a problem");
      const url = nojs.url();
      const html = await nojs.content();

      await page.route(url, (route) =>
        route.fulfill({ status: 422, contentType: "text/html; charset=utf-8", body: html }),
      );
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("There is a problem");
      await expect(page.getByRole("link", { name: /Message: / })).toHaveAttribute(
        "href",
        "/contact#contact-message",
      );
      await checkA11y(page);
    } finally {
      await nojs.context().close();
    }
  });
});
