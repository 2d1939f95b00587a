import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/config/prerender";
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
  },
} satisfies Config;
