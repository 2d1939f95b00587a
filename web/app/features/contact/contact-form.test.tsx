import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fieldRule } from "~/components/form/rules";
import { SERVER_ERROR } from "~/components/form/submit";
import { jsonResponse, mockFetch, sentJson } from "~/components/form/test-helpers";
import { ContactForm, SENT } from "./contact-form";

const rule = (name: string) => fieldRule("contact", name);

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const user = userEvent.setup();
  render(<ContactForm />);
  const field = {
    name: screen.getByRole("textbox", { name: rule("name").label }),
    email: screen.getByRole("textbox", { name: rule("email").label }),
    reason: screen.getByRole("combobox", { name: rule("reason").label }),
    organisation: screen.getByRole("textbox", { name: `${rule("organisation").label} (optional)` }),
    message: screen.getByRole("textbox", { name: rule("message").label }),
  };
  const send = screen.getByRole("button", { name: "Send message" });
  return { user, field, send };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, field: ReturnType<typeof setup>["field"]) {
  await user.type(field.name, "Dana Whitfield");
  await user.type(field.email, "dana@lincoln-high.org");
  await user.selectOptions(field.reason, screen.getByRole("option", { name: "Schools & districts" }));
  await user.type(field.organisation, "Lincoln High");
  await user.type(field.message, "We would like to try TeachPilot with our science department.");
}

// Typing with user-event is slow on a busy two-core machine: allow more than the default 5 s.
describe("ContactForm", { timeout: 20_000 }, () => {
  it("takes its constraints and choices from forms.json", () => {
    const { field } = setup();
    expect(field.name).toBeRequired();
    expect(field.name).toHaveAttribute("maxLength", "100");
    expect(field.email).toHaveAttribute("type", "email");
    expect(field.organisation).not.toBeRequired();
    expect(field.message).toHaveAttribute("minLength", "10");
    expect(field.message).toHaveAttribute("maxLength", "5000");
    const choices = within(field.reason)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(choices).toEqual([
      "Choose a reason",
      "General question",
      "Product support",
      "Schools & districts",
      "Partnerships",
      "Press",
    ]);
  });

  it("lists every missing answer, marks each field and focuses the first", async () => {
    const fetch = mockFetch();
    const { user, field, send } = setup();
    await user.click(send);
    expect(field.name).toHaveFocus();
    for (const name of ["name", "email", "reason", "message"] as const) {
      expect(field[name]).toHaveAccessibleDescription(
        expect.stringContaining(rule(name).messages.required ?? ""),
      );
      expect(field[name]).toHaveAttribute("aria-invalid", "true");
    }
    expect(field.organisation).not.toHaveAttribute("aria-invalid");
    const summary = screen.getByRole("region", { name: "There is a problem" });
    expect(within(summary).getAllByRole("link")).toHaveLength(4);
    expect(fetch).not.toHaveBeenCalled();

    // A link in the summary takes the person to the field.
    await user.click(within(summary).getByRole("link", { name: rule("message").messages.required }));
    expect(field.message).toHaveFocus();
  });

  it("checks the message length and keeps everything typed", async () => {
    mockFetch();
    const { user, field, send } = setup();
    await fillIn(user, field);
    await user.clear(field.message);
    await user.type(field.message, "Too short");
    await user.click(send);
    expect(field.message).toHaveAccessibleDescription(
      expect.stringContaining(rule("message").messages.minLength ?? ""),
    );
    expect(field.message).toHaveFocus();
    expect(field.name).toHaveValue("Dana Whitfield");
    expect(field.reason).toHaveValue("schools");
    expect(field.message).toHaveValue("Too short");
  });

  it("counts characters against the limit", async () => {
    const { user, field } = setup();
    expect(screen.getByText(/0 of 5000 characters used/)).toBeInTheDocument();
    await user.type(field.message, "Hello there");
    expect(field.message).toHaveAccessibleDescription(expect.stringContaining("11 of 5000 characters used."));
  });

  it("sends the message and confirms on the page", async () => {
    const fetch = mockFetch(jsonResponse(201, { id: "c_123" }));
    const { user, field, send } = setup();
    await fillIn(user, field);
    await user.click(send);
    const heading = await screen.findByRole("heading", { name: SENT });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/within two working days/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/contact", expect.objectContaining({ method: "POST" }));
    expect(sentJson(fetch)).toEqual({
      name: "Dana Whitfield",
      email: "dana@lincoln-high.org",
      reason: "schools",
      organisation: "Lincoln High",
      message: "We would like to try TeachPilot with our science department.",
      website: "",
    });

    await user.click(screen.getByRole("button", { name: "Send another message" }));
    expect(screen.getByRole("textbox", { name: rule("name").label })).toHaveValue("");
  });

  it("puts the server's 422 messages next to the fields", async () => {
    mockFetch(
      jsonResponse(422, { errors: { email: "That address can't receive email.", message: "Too long." } }),
    );
    const { user, field, send } = setup();
    await fillIn(user, field);
    await user.click(send);
    await waitFor(() => expect(field.email).toHaveFocus());
    expect(field.email).toHaveAccessibleDescription("Error: That address can't receive email.");
    expect(field.message).toHaveAccessibleDescription(expect.stringContaining("Error: Too long."));
    expect(field.email).toHaveValue("dana@lincoln-high.org");
  });

  it("shows a failure on the page and keeps the message", async () => {
    mockFetch(jsonResponse(500, { error: "internal" }));
    const { user, field, send } = setup();
    await fillIn(user, field);
    await user.click(send);
    expect(await screen.findByRole("alert")).toHaveTextContent(SERVER_ERROR);
    expect(field.message).toHaveValue("We would like to try TeachPilot with our science department.");
    expect(send).toHaveTextContent("Send message");
  });
});
