import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["common/**/*.test.ts", "server/**/*.test.ts", "web/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
