import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/config/prerender";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Every public page is pre-rendered to HTML at build time; the Go binary serves the files.
  ssr: false,
  prerender: prerenderPaths,
} satisfies Config;
