import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import ContactSentPage, { meta } from "./contact-sent";

function renderPage() {
  const Stub = createRoutesStub([{ path: "/contact/sent", Component: ContactSentPage }]);
  render(<Stub initialEntries={["/contact/sent"]} />);
}

describe("contact sent page", () => {
  it("confirms the message, says when and from where the reply comes, and offers where to go next", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Message sent" })).toBeInTheDocument();
    expect(screen.getByText(/replies within two working days/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: site.contactEmail })).toHaveAttribute(
      "href",
      `mailto:${site.contactEmail}`,
    );
    expect(screen.getByRole("link", { name: "send another message" })).toHaveAttribute("href", "/contact");
    const next = screen.getByRole("navigation", { name: "Where to next" });
    expect(next).toContainElement(screen.getByRole("link", { name: "Back home" }));
    expect(screen.getByRole("link", { name: "Back home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Try the lesson planner" })).toHaveAttribute(
      "href",
      "/lesson-plan",
    );
    expect(screen.getByRole("link", { name: "Read the blog" })).toHaveAttribute("href", "/blog");
  });

  it("is kept out of search engines", () => {
    expect(meta()).toContainEqual({ name: "robots", content: "noindex" });
  });
});
