import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "common/**/*.test.ts",
      "server/**/*.test.ts",
      "web/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Every file imports the whole server (Fastify, Kysely, socket.io, the schemas): a fresh worker
    // per file spent more time importing than testing. Files now share a worker's modules; each
    // still starts its own app nodes on fresh databases, so no data passes between them.
    isolate: false,
    // The suites wait on sockets and timers as much as they compute. Vitest's default, one worker
    // fewer than the cores, is a single worker on a 2-core machine.
    maxWorkers: os.availableParallelism() + 1,
  },
});
