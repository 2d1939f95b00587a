import { defineConfig } from "vitest/config";

// Component tests run in jsdom without the React Router Vite plugin (it is for app builds).
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.{ts,mjs}"],
    setupFiles: ["./vitest.setup.ts"],
    css: false,
  },
});
