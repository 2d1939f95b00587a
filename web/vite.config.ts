import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // "~/…" is app/…, as in tsconfig.json's paths and vitest.config.ts.
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
});
