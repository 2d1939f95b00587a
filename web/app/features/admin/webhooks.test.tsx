import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { WebhooksView } from "./webhooks";

const api = vi.hoisted(() => ({
  webhooks: vi.fn(),
  addWebhook: vi.fn(),
  deleteWebhook: vi.fn(),
  testWebhook: vi.fn(),
  deliveries: vi.fn(),
}));
vi.mock("./endpoints", () => ({ api }));

const EVENTS = ["newsletter.confirmed", "contact.received"];

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.webhooks.mockResolvedValue({ events: EVENTS, items: [] });
});

describe("WebhooksView", () => {
  it("offers the events the API names, and shows a 422's problems by their fields", async () => {
    const user = userEvent.setup();
    api.addWebhook.mockRejectedValue(
      new ApiError(422, "Check the endpoint.", {
        url: "Use an https:// address on the public internet.",
        events: "Choose at least one event.",
      }),
    );
    render(<WebhooksView />);
    expect(await screen.findByRole("checkbox", { name: "contact.received" })).toBeInTheDocument();
    expect(screen.getAllByRole("checkbox").map((c) => c.getAttribute("value"))).toEqual(EVENTS);

    await user.type(screen.getByRole("textbox", { name: "URL" }), "https://10.0.0.1/hook");
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    expect(api.addWebhook).toHaveBeenCalledWith({ url: "https://10.0.0.1/hook", events: [] });
    expect(await screen.findByRole("alert")).toHaveTextContent("Check the endpoint.");
    const url = screen.getByRole("textbox", { name: "URL" });
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(url).toHaveAccessibleDescription(
      "An https:// address on the public internet. Error: Use an https:// address on the public internet.",
    );
    expect(screen.getByRole("group", { name: "Events" })).toHaveAccessibleDescription(
      "Error: Choose at least one event.",
    );
  });

  it("shows the new endpoint's secret once, focused, with a copy button", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    api.addWebhook.mockResolvedValue({
      endpoint: {
        id: 7,
        url: "https://crm.example.com/hook",
        events: ["contact.received"],
        createdAt: "2026-11-23T10:00:00Z",
      },
      secret: "whsec_c2VjcmV0",
    });
    render(<WebhooksView />);
    await user.type(await screen.findByRole("textbox", { name: "URL" }), "https://crm.example.com/hook");
    await user.click(screen.getByRole("checkbox", { name: "contact.received" }));
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    expect(api.addWebhook).toHaveBeenCalledWith({
      url: "https://crm.example.com/hook",
      events: ["contact.received"],
    });

    const heading = await screen.findByRole("heading", {
      name: "Signing secret for https://crm.example.com/hook",
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText("whsec_c2VjcmV0")).toBeInTheDocument();
    expect(screen.getByText(/it is shown only this once/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Copy the secret" }));
    expect(writeText).toHaveBeenCalledWith("whsec_c2VjcmV0");
    expect(screen.getByText("Copied the secret.")).toBeInTheDocument();
    // The endpoint is listed; once saved, the secret is gone from the page.
    expect(screen.getByText("https://crm.example.com/hook", { selector: "li p" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "I have saved it" }));
    expect(screen.queryByText("whsec_c2VjcmV0")).not.toBeInTheDocument();
  });
});
