import { spawnSync } from "node:child_process";
import { expect, gotoHydrated, test, uniqueEmail } from "./fixtures";

test("shots", async ({ page, request, guard }) => {
  test.setTimeout(300_000);
  guard.allowConsoleError(/./);
  const admin = uniqueEmail("shots");
  const password = "shots shots shots 12345";
  spawnSync(process.env.E2E_SITE_BINARY ?? "", ["admin", "add", admin], { input: `${password}\n`, env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL } });
  const r = await request.post("/api/lesson-plans", { data: { email: uniqueEmail("p"), subject: "science", grade: "10", topic: "Photosynthesis", duration: 50, differentiation: ["english-learners"] } });
  const body = await r.json();
  console.log(r.status(), JSON.stringify(body).slice(0, 200));
  await request.post("/api/contact", { data: { name: "Ann", email: uniqueEmail("c"), reason: "press", message: "Hello there, a long message to show." } });
  await gotoHydrated(page, "/admin/sign-in");
  await page.getByLabel("Email address").fill(admin);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const ref = body.reference ?? "";
  for (const w of [1280, 375]) {
    await page.setViewportSize({ width: w, height: 900 });
    for (const p of ["/admin", "/admin/lesson-plans", `/admin/lesson-plans?ref=${ref}`, "/admin/contacts", "/admin/webhooks", "/admin/account", "/admin/audit"]) {
      await gotoHydrated(page, p);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/${w}-${p.replace(/[^a-z0-9]/gi, "_")}.png`, fullPage: true });
    }
  }
});
