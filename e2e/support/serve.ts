/**
 * Entry point of Playwright's webServer: one demo server per worker (E2E_WORKERS), each on a
 * fresh data directory, started side by side; "e2e servers ready" once every one answers. The
 * servers and their data go when Playwright stops this process, or when the process that started
 * the run (E2E_OWNER_PID, set by `npm test`) is gone without stopping it.
 */
import { serverPort, WORKERS } from "./env.ts";
import { freshDataDir, type RunningServer, removeDataDir, startServer } from "./server.ts";

const dataDirs = Array.from({ length: WORKERS }, () => freshDataDir());
const started: RunningServer[] = [];
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all(started.map((server) => server.stop("SIGTERM")));
    for (const dataDir of dataDirs) removeDataDir(dataDir);
  }
  process.exit(code);
}

process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));

const owner = Number(process.env.E2E_OWNER_PID);
if (owner) {
  setInterval(() => {
    try {
      process.kill(owner, 0);
    } catch {
      void stop(0);
    }
  }, 1_000).unref();
}

const results = await Promise.allSettled(dataDirs.map((dataDir, index) => startServer(serverPort(index), dataDir)));
for (const result of results) if (result.status === "fulfilled") started.push(result.value);
const failed = results.find((result) => result.status === "rejected");
if (failed) {
  console.error(failed.reason instanceof Error ? failed.reason.message : failed.reason);
  await stop(1);
}
for (const [index, server] of started.entries()) {
  // A server that ends by itself ends the run: Playwright sees this process exit.
  server.process.on("exit", (code) => {
    if (!stopping) void stop(code ?? 1);
  });
  console.log(`e2e server on port ${serverPort(index)}, data in ${dataDirs[index]}`);
}
console.log("e2e servers ready");
