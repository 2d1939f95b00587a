import { describe, expect, it } from "vitest";
import { loadAfterPaint, waitForPaintAndLoad } from "./paint-first";

describe("loadAfterPaint", () => {
  it("waits for load and the first paint, then appends the one script", () => {
    const code = loadAfterPaint("/plan-page.js");
    expect(code.startsWith(waitForPaintAndLoad.join("\n"))).toBe(true);
    expect(code).toContain(`src: "/plan-page.js"`);
    expect(code.indexOf("first-contentful-paint")).toBeLessThan(code.indexOf("createElement"));
  });

  it("writes the address as a string literal, whatever it holds", () => {
    expect(loadAfterPaint(`/x".js`)).toContain(`src: "/x\\".js"`);
  });
});
