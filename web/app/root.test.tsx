import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data, Link } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SiteLayout } from "./components/layout/site-layout";
import { NewsletterForm } from "./features/newsletter/newsletter-form";
import App, { ErrorBoundary } from "./root";

function Throws(): never {
  throw new Error("The lesson plan could not be drawn");
}

function Empty() {
  return null;
}

function FastPage() {
  return (
    <SiteLayout newsletter={<NewsletterForm />}>
      <Link to="/slow">Slow page</Link>
    </SiteLayout>
  );
}

function SlowPage() {
  return (
    <SiteLayout newsletter={<NewsletterForm />}>
      <h1>Slow page loaded</h1>
    </SiteLayout>
  );
}

describe("app layout", () => {
  it("puts the newsletter form in the footer's Stay Updated box: an email input and Subscribe", async () => {
    const Stub = createRoutesStub([
      { path: "/", Component: App, children: [{ index: true, Component: Empty }] },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const box = await screen.findByRole("region", { name: "Stay Updated" });
    expect(within(box).getByPlaceholderText("Enter your email")).toHaveAttribute("type", "email");
    expect(within(box).getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
  });
});

describe("error boundary", () => {
  // React and the router log the errors these tests throw on purpose.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the heading and the error text inside the site layout with a link home", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: Throws,
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" }),
    ).toBeInTheDocument();
    expect(screen.getByText("The lesson plan could not be drawn")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });

  it("shows status and text of a thrown response", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        loader: () => {
          throw data("No such plan", { status: 404, statusText: "Not Found" });
        },
        Component: Empty,
        HydrateFallback: Empty,
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByText("404 Not Found: No such plan")).toBeInTheDocument();
  });
});

describe("loading indicator", () => {
  it("is a polite status region that says Loading... only while a page loads", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: FastPage,
      },
      {
        path: "/slow",
        loader: () =>
          new Promise<null>((resolve) => {
            finish = () => resolve(null);
          }),
        Component: SlowPage,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    // The footer's newsletter form has a status region of its own.
    const routeStatus = () => screen.getAllByRole("status").find((el) => el.id === "route-status");
    expect(routeStatus()).toHaveAttribute("aria-live", "polite");
    expect(routeStatus()).toHaveTextContent("");

    await user.click(screen.getByRole("link", { name: "Slow page" }));
    expect(await screen.findByText("Loading...")).toBe(routeStatus());

    finish();
    expect(await screen.findByRole("heading", { name: "Slow page loaded" })).toBeInTheDocument();
    expect(routeStatus()).toHaveTextContent("");
  });
});
