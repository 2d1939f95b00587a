import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch, sentJson } from "~/components/form/test-helpers";
import ConfirmPage from "./newsletter-confirm";
import UnsubscribePage from "./newsletter-unsubscribe";
import UnsubscribedPage, { meta as unsubscribedMeta } from "./newsletter-unsubscribed";

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = "k3J9xQ2mP7vL1sN8aB4cD6eF";

function renderAt(url: string) {
  const Stub = createRoutesStub([
    { path: "/newsletter/confirm", Component: ConfirmPage },
    { path: "/newsletter/unsubscribe", Component: UnsubscribePage },
    { path: "/newsletter/unsubscribed", Component: UnsubscribedPage },
  ]);
  render(<Stub initialEntries={[url]} />);
  return userEvent.setup();
}

// Typing with user-event is slow on a busy two-core machine: allow more than the default 5 s.
describe("newsletter confirm and unsubscribe pages", { timeout: 20_000 }, () => {
  it("confirms with a button press that posts the token from the link", async () => {
    const fetch = mockFetch(jsonResponse(200, { message: "Subscription confirmed." }));
    const user = renderAt(`/newsletter/confirm?token=${TOKEN}`);
    const button = await screen.findByRole("button", { name: "Confirm subscription" });
    expect(fetch).not.toHaveBeenCalled();
    await user.click(button);
    expect(await screen.findByRole("heading", { name: "You're subscribed. Thank you!" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("You're subscribed. Thank you!");
    expect(fetch).toHaveBeenCalledWith(
      "/api/newsletter/confirm",
      expect.objectContaining({ method: "POST" }),
    );
    expect(sentJson(fetch)).toEqual({ token: TOKEN });
  });

  it("explains an expired link", async () => {
    mockFetch(jsonResponse(410, { error: "This link has expired." }));
    const user = renderAt(`/newsletter/confirm?token=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: "Confirm subscription" }));
    expect(
      await screen.findByRole("heading", { name: "This link has expired or is not valid" }),
    ).toBeInTheDocument();
  });

  it("says when the link has lost its code", async () => {
    renderAt("/newsletter/confirm");
    expect(await screen.findByText(/This link is missing its code/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm subscription" })).not.toBeInTheDocument();
  });

  it("unsubscribes with a button press", async () => {
    const fetch = mockFetch(jsonResponse(200, { message: "Unsubscribed." }));
    const user = renderAt(`/newsletter/unsubscribe?token=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("heading", { name: /You're unsubscribed/ })).toBeInTheDocument();
    expect(sentJson(fetch)).toEqual({ token: TOKEN });
  });

  it("confirms an unsubscribe sent without JavaScript, and says how to opt in again", async () => {
    renderAt("/newsletter/unsubscribed");
    expect(await screen.findByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeInTheDocument();
    expect(screen.getByText(/We won't send you the newsletter again/)).toBeInTheDocument();
    expect(screen.getByText(/Subscribe again with the box at the bottom of this page/)).toBeInTheDocument();
    expect(unsubscribedMeta()).toContainEqual({ name: "robots", content: "noindex" });
  });
});
