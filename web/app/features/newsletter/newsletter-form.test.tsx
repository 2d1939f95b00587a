import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fieldRule } from "~/components/form/rules";
import { deferred, jsonResponse, mockFetch, sentJson } from "~/components/form/test-helpers";
import { NewsletterForm, SUBSCRIBED } from "./newsletter-form";

const email = fieldRule("newsletter", "email");

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const user = userEvent.setup();
  render(<NewsletterForm />);
  return {
    user,
    input: screen.getByRole("textbox", { name: email.label }),
    button: screen.getByRole("button", { name: "Subscribe" }),
  };
}

// Typing with user-event is slow on a busy two-core machine: allow more than the default 5 s.
describe("NewsletterForm", { timeout: 20_000 }, () => {
  it("is a real form with the SPEC texts and the rules of forms.json", () => {
    const { input } = setup();
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveAttribute("placeholder", "Enter your email");
    expect(input).toBeRequired();
    expect(input).toHaveAttribute("maxLength", String(email.maxLength));
    const form = input.closest("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/newsletter");
    expect(screen.getByLabelText("Leave this field empty")).toHaveAttribute("tabIndex", "-1");
  });

  it("asks for an address when the box is empty, without sending anything", async () => {
    const fetch = mockFetch();
    const { user, input, button } = setup();
    await user.click(button);
    expect(input).toHaveAccessibleDescription(`Error: ${email.messages.required}`);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("explains a malformed address and keeps what was typed", async () => {
    mockFetch();
    const { user, input, button } = setup();
    await user.type(input, "teacher.at.school");
    await user.click(button);
    expect(input).toHaveAccessibleDescription(`Error: ${email.messages.format}`);
    expect(input).toHaveValue("teacher.at.school");
    expect(input).toHaveFocus();
  });

  it("shows Sending… while on its way, then the same thanks for every address", async () => {
    const answer = deferred<Response>();
    const fetch = mockFetch(answer.promise);
    const { user, input, button } = setup();
    await user.type(input, "ms.rivera@school.org");
    await user.click(button);
    expect(button).toHaveTextContent("Sending…");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Sending…");

    answer.resolve(jsonResponse(201, { message: "Check your inbox." }));
    expect(await screen.findByText(SUBSCRIBED)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(SUBSCRIBED);
    expect(button).toHaveTextContent("Subscribe");
    expect(fetch).toHaveBeenCalledWith("/api/newsletter", expect.objectContaining({ method: "POST" }));
    expect(sentJson(fetch)).toEqual({ email: "ms.rivera@school.org", website: "" });
  });

  it("shows the server's field message from a 422 next to the field", async () => {
    mockFetch(jsonResponse(422, { errors: { email: "We can't send to that domain." } }));
    const { user, input, button } = setup();
    await user.type(input, "someone@example.invalid");
    await user.click(button);
    await waitFor(() => expect(input).toHaveAccessibleDescription("Error: We can't send to that domain."));
    expect(input).toHaveFocus();
    expect(input).toHaveValue("someone@example.invalid");
  });

  it("says how long to wait when rate limited", async () => {
    mockFetch(jsonResponse(429, { error: "too many requests" }, { "Retry-After": "30" }));
    const { user, input, button } = setup();
    await user.type(input, "ms.rivera@school.org");
    await user.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent("Please wait 30 seconds and try again.");
    expect(input).toHaveValue("ms.rivera@school.org");
  });

  it("reports a network failure and lets the person try again", async () => {
    mockFetch(new TypeError("Failed to fetch"), jsonResponse(201, { message: "ok" }));
    const { user, input, button } = setup();
    await user.type(input, "ms.rivera@school.org");
    await user.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent("couldn't reach the server");
    await user.click(button);
    expect(await screen.findByText(SUBSCRIBED)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });
});
