import { vi } from "vitest";

/**
 * atBuildTime runs make as the pre-render does, with no browser window, for tests that need
 * jsdom for something else (parsing the XML they check): absolute URLs come out on the
 * placeholder origin of web/pages.json, as in the build.
 */
export function atBuildTime<T>(make: () => T): T {
  vi.stubGlobal("window", undefined);
  try {
    return make();
  } finally {
    vi.unstubAllGlobals();
  }
}
