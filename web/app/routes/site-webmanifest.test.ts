import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCT_NAME, site } from "~/config/site";
import brand from "../../brand.json";
import { loader } from "./site[.]webmanifest";

async function manifest() {
  const res = loader();
  return { type: res.headers.get("Content-Type"), body: (await res.json()) as Record<string, unknown> };
}

describe("site.webmanifest", () => {
  it("is a web app manifest naming the product from web/brand.json", async () => {
    const { type, body } = await manifest();
    expect(type).toBe("application/manifest+json");
    expect(PRODUCT_NAME).toBe(brand.productName);
    expect(body.name).toBe(PRODUCT_NAME);
    expect(body.short_name).toBe(PRODUCT_NAME);
    expect(body.description).toBe("The AI teaching assistant for high school teachers.");
  });

  it("starts at the home page in the site's theme colour", async () => {
    const { body } = await manifest();
    expect(body).toMatchObject({
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: site.themeColor,
    });
  });

  it("lists icons that are in web/public", async () => {
    const { body } = await manifest();
    const icons = body.icons as { src: string; sizes: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of icons) {
      // Vitest runs in web/.
      expect(existsSync(join(process.cwd(), "public", icon.src)), icon.src).toBe(true);
    }
  });
});
