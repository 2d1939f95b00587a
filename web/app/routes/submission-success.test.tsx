import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "~/components/form/test-helpers";
import * as route from "./submission-success";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  const Stub = createRoutesStub([{ path: "/submission-success", Component: route.default }]);
  return render(<Stub initialEntries={[url]} />);
}

describe("submission success page (no reference)", () => {
  it.each([
    { name: "a bare visit", url: "/submission-success" },
    { name: "an old ?ref= link reaching the static page", url: "/submission-success?ref=TP-7QX2-M4KD-9HZT" },
  ])("says where a plan lives and links to the form, home and the blog: $name", ({ url }) => {
    const fetch = mockFetch();
    renderAt(url);
    expect(screen.getByRole("heading", { level: 1, name: "Your lesson plan" })).toBeInTheDocument();
    expect(screen.getByText(/email we send you links to that page/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Fill in the lesson plan form" })).toHaveAttribute(
      "href",
      "/lesson-plan",
    );
    expect(screen.getByRole("link", { name: "Back home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Create a lesson plan" })).toHaveAttribute(
      "href",
      "/lesson-plan",
    );
    expect(screen.getByRole("link", { name: "Read the blog" })).toHaveAttribute("href", "/blog");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("has no loader: the pre-rendered HTML is what every visitor sees", () => {
    expect(Object.keys(route).sort()).toEqual(["default", "meta"]);
  });
});
