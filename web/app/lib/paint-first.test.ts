import { describe, expect, it } from "vitest";
import { loadAfterPaint, waitForPaintAndLoad } from "./paint-first";

describe("loadAfterPaint", () => {
  it("waits for load and the first paint, then appends the one script", () => {
    const code = loadAfterPaint("/plan-page.js");
    expect(code.startsWith(waitForPaintAndLoad.join("\n"))).toBe(true);
    expect(code).toContain(`src: "/plan-page.js"`);
    expect(code.indexOf("first-contentful-paint")).toBeLessThan(code.indexOf("createElement"));
  });

  it("asks for the script once, even when the page asked for it first", () => {
    // The line after the waits, run as the browser runs it once they are over.
    const ask = new Function(loadAfterPaint("/plan-page.js").split("\n").at(-1) ?? "");
    const requested = () => [...document.scripts].filter((s) => s.getAttribute("src") === "/plan-page.js");
    document.body.replaceChildren();
    ask();
    expect(requested()).toHaveLength(1);
    ask();
    expect(requested()).toHaveLength(1);
    document.body.replaceChildren(
      Object.assign(document.createElement("script"), { src: "/plan-page.js", async: true }),
    );
    ask();
    expect(requested()).toHaveLength(1);
    document.body.replaceChildren();
  });

  it("writes the address as a string literal, whatever it holds", () => {
    expect(loadAfterPaint(`/x".js`)).toContain(`src: "/x\\".js"`);
  });
});
