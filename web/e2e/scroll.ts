// Scroll helpers shared by the specs (not a spec: importing a spec would run its tests twice).
import type { Page } from "@playwright/test";

/**
 * settledScrollY resolves, in the page, once window.scrollY has stayed the same for three
 * animation frames, and returns it: a smooth scroll moves it on every frame until it ends, so a
 * read before that catches the page mid-scroll (and a reload then restores that position).
 */
export function settledScrollY(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const tick = () => {
          const y = window.scrollY;
          still = y === last ? still + 1 : 0;
          last = y;
          if (still >= 3) resolve(y);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}
