import { render, screen } from "@testing-library/react";
import type { UIMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { shell } from "~/config/pages";
import { loadAfterPaint } from "~/lib/paint-first";
import { wantsScripts } from "~/lib/route-handle";
import ShellPage, { handle, meta, PLAN_PAGE_SCRIPT } from "./shell";

describe("shell page", () => {
  it("puts the title slot in the h1 and exactly the main slot marker in the content area", () => {
    const { container } = render(<ShellPage />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(shell.titleSlot);
    expect(container.innerHTML).toContain(shell.mainSlot);
    expect(container.innerHTML.split(shell.mainSlot)).toHaveLength(2);
  });

  it("has the title slot in its title, is noindex and names no address of its own", () => {
    const tags = meta();
    expect(tags).toContainEqual({ title: `${shell.titleSlot} | TeachPilot` });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    const text = JSON.stringify(tags);
    expect(text).not.toContain("canonical");
    expect(text).not.toContain("og:url");
  });

  it("asks the document for no scripts, and other pages keep theirs", () => {
    const match = (h: unknown) =>
      ({ id: "x", pathname: "/", params: {}, data: undefined, loaderData: undefined, handle: h }) as UIMatch;
    expect(wantsScripts([match(undefined), match(handle)])).toBe(false);
    expect(wantsScripts([match(undefined), match({})])).toBe(true);
  });

  it("loads exactly one script, the plan page's own same-origin file, once the page has painted and loaded", () => {
    const { container } = render(<ShellPage />);
    const scripts = Array.from(container.querySelectorAll("script"));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toHaveAttribute("type", "module");
    expect(scripts[0]).not.toHaveAttribute("src");
    expect(scripts[0]?.textContent).toBe(loadAfterPaint(PLAN_PAGE_SCRIPT));
    expect(PLAN_PAGE_SCRIPT).toMatch(/^\/[a-z-]+\.js$/);
  });
});
