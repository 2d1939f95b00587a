// axe-core finds no WCAG 2.2 A/AA violation on any page, at 375 px and at 1280 px wide, nor on
// the landing page with the mobile menu open. Blog posts are checked in blog.spec.ts.
import { checkA11y, gotoHydrated, publicPaths, test } from "./fixtures";

const widths = [375, 1280] as const;
const paths = [...publicPaths, "/no-such-page"];

for (const width of widths) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    for (const path of paths) {
      test(`${path}`, async ({ page, guard }) => {
        if (path === "/no-such-page") guard.allowConsoleError(/status of 404/);
        await gotoHydrated(page, path);
        await checkA11y(page);
      });
    }
  });
}

test.describe("accessibility at 375 px with the menu open", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("/", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByRole("button", { name: /menu/i }).click();
    await checkA11y(page);
  });
});
