import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/config/prerender";
import { deferHydrationIn } from "./scripts/defer-hydration";
import { precompress } from "./scripts/precompress";
import { pruneResourceData } from "./scripts/prune-resource-data";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Every public page is pre-rendered to HTML at build time; the Go binary serves the files.
  ssr: false,
  prerender: prerenderPaths,
  // Pre-rendered files (feeds, social images) need no client-side ".data" copies.
  async buildEnd({ reactRouterConfig }) {
    await pruneResourceData(path.join(reactRouterConfig.buildDirectory, "client"));
    // Pages request their scripts only once they have loaded (scripts/defer-hydration.ts);
    // before precompress, which compresses the rewritten pages.
    const pages = await deferHydrationIn(path.join(reactRouterConfig.buildDirectory, "client"));
    console.log(`defer-hydration: ${pages} pages hydrate after load`);
    // Brotli and gzip siblings of every compressible file, embedded and served by the Go
    // binary as they are (internal/server/site.go), so it compresses nothing at start.
    const t0 = performance.now();
    const s = await precompress(path.join(reactRouterConfig.buildDirectory, "client"));
    console.log(
      `precompress: ${s.files} files, ${s.bytesIn} B -> brotli ${s.brotliBytes} B, gzip ${s.gzipBytes} B (${Math.round(performance.now() - t0)} ms)`,
    );
  },
} satisfies Config;
