// The site's own forms send an Idempotency-Key (app/components/form/submit.ts), and the
// real server answers a retry of the same post with that key with the same answer, marked
// as replayed, instead of storing the message twice.
import { expect, gotoHydrated, test, uniqueEmail } from "./fixtures";

test("the contact form sends an Idempotency-Key, and a retry with it gets the first answer", async ({
  page,
  request,
}) => {
  await gotoHydrated(page, "/contact");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Your name" }).fill("Dana Whitfield");
  await main.getByRole("textbox", { name: "Email address" }).fill(uniqueEmail("idempotent"));
  await main.getByRole("combobox", { name: "Reason for getting in touch" }).selectOption({ label: "Press" });
  await main.getByRole("textbox", { name: "Message" }).fill("Could we talk about your back-to-school issue?");
  const answered = page.waitForResponse(
    (r) => r.url().endsWith("/api/contact") && r.request().method() === "POST",
  );
  await main.getByRole("button", { name: "Send message" }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  const key = response.request().headers()["idempotency-key"] ?? "";
  expect(key).toMatch(/^[0-9a-f]{32}$/);

  const retry = await request.post("/api/contact", {
    headers: { "Content-Type": "application/json", "Idempotency-Key": key ?? "" },
    data: response.request().postData() ?? "",
  });
  expect(retry.status()).toBe(201);
  expect(retry.headers()["idempotent-replayed"]).toBe("true");
  expect(await retry.json()).toEqual(await response.json());
});
