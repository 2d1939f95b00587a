import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import HomePage, { meta } from "./home";

function renderHome() {
  const Stub = createRoutesStub([{ path: "/", Component: HomePage }]);
  return render(<Stub initialEntries={["/"]} />);
}

function HomeWithState() {
  return (
    <>
      <HomePage />
      <output>{JSON.stringify(useLocation().state)}</output>
    </>
  );
}

function LinkWithState() {
  return (
    <Link to="/" state={{ scrollTo: "testimonials" }}>
      Testimonials
    </Link>
  );
}

afterEach(() => {
  // biome-ignore lint/suspicious/noExplicitAny: removing the stub added for one test
  delete (Element.prototype as any).scrollIntoView;
});

describe("landing page", () => {
  it("shows hero, features, benefits, testimonials and the CTA band in SPEC order", () => {
    renderHome();
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      "Everything your week needs, in one assistant",
      "Why teachers choose TeachPilot",
      "Loved by teachers",
      "Plan your next lesson in minutes",
    ]);
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
  });

  it("sends both calls to action to the lesson plan form", () => {
    renderHome();
    expect(screen.getByRole("link", { name: "Try Now!" })).toHaveAttribute("href", "/lesson-plan");
    expect(screen.getByRole("link", { name: "Try Now" })).toHaveAttribute("href", "/lesson-plan");
  });

  it("lists the six features with their titles", () => {
    renderHome();
    const section = screen.getByRole("region", { name: "Everything your week needs, in one assistant" });
    expect(section).toHaveAttribute("id", "features");
    const titles = within(section)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      "AI lesson planning",
      "Automated grading",
      "Curriculum management",
      "Automated student feedback",
      "Progress tracking with analytics",
      "Smart scheduling",
    ]);
  });

  it("lists the four benefits with the 60% claim", () => {
    renderHome();
    const section = screen.getByRole("region", { name: "Why teachers choose TeachPilot" });
    expect(section).toHaveAttribute("id", "benefits");
    const titles = within(section)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(["Save time", "Better results", "Stay organised", "Grow professionally"]);
    expect(within(section).getByText(/up to 60% less administrative work/)).toBeInTheDocument();
  });

  it("shows three testimonials with quote, author, role and a sized, lazy photo", () => {
    renderHome();
    const section = screen.getByRole("region", { name: "Loved by teachers" });
    expect(section).toHaveAttribute("id", "testimonials");
    const figures = within(section).getAllByRole("figure");
    expect(figures).toHaveLength(3);
    for (const figure of figures) {
      const photo = within(figure).getByRole("img");
      expect(photo).toHaveAttribute("width");
      expect(photo).toHaveAttribute("height");
      expect(photo).toHaveAttribute("loading", "lazy");
      expect(within(figure).getByText(/^“.+”$/)).toBeInTheDocument();
    }
    expect(within(section).getByText("Maria Alvarez")).toBeInTheDocument();
  });

  it("scrolls to the section named in navigation state, then clears the state", async () => {
    const scrolled: string[] = [];
    // jsdom has no layout, so no scrollIntoView: record the calls instead.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    const user = userEvent.setup();
    const Stub = createRoutesStub([
      { path: "/", Component: HomeWithState },
      { path: "/blog", Component: LinkWithState },
    ]);
    render(<Stub initialEntries={["/blog"]} />);
    await user.click(screen.getByRole("link", { name: "Testimonials" }));
    expect(await screen.findByText("null")).toBeInTheDocument();
    expect(scrolled).toEqual(["testimonials"]);
    expect(document.getElementById("testimonials")).toHaveFocus();
  });
});

describe("landing page metadata", () => {
  const tags = meta();

  it("describes the product as a free SoftwareApplication and the organisation", () => {
    const ld = tags.flatMap((t) => ("script:ld+json" in t ? [t["script:ld+json"]] : []));
    expect(ld).toEqual([
      expect.objectContaining({
        "@type": "SoftwareApplication",
        offers: expect.objectContaining({ price: "0", priceCurrency: "USD" }),
      }),
      expect.objectContaining({ "@type": "Organization" }),
    ]);
  });

  it("carries the SPEC A8 security meta tags", () => {
    const equiv = Object.fromEntries(
      tags.flatMap((t) => ("httpEquiv" in t ? [[String(t.httpEquiv), String(t.content)]] : [])),
    );
    expect(equiv["Content-Security-Policy"]).toContain(
      "img-src 'self' https://images.unsplash.com https://upload.wikimedia.org data:",
    );
    expect(equiv["Content-Security-Policy"]).not.toContain("script-src");
    expect(equiv["X-Content-Type-Options"]).toBe("nosniff");
    expect(equiv["X-Frame-Options"]).toBe("DENY");
    expect(equiv["X-XSS-Protection"]).toBe("1; mode=block");
  });
});
