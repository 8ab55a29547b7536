/**
 * Entry point of Playwright's webServer: a demo server on a fresh data directory, removed again
 * when Playwright stops the process.
 */
import { PORT } from "./env.ts";
import { freshDataDir, removeDataDir, startServer } from "./server.ts";

const dataDir = freshDataDir();
const server = await startServer(PORT, dataDir);
console.log(`e2e server on port ${PORT}, data in ${dataDir}`);

const stop = async () => {
  await server.stop("SIGTERM");
  removeDataDir(dataDir);
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
server.process.on("exit", (code) => {
  removeDataDir(dataDir);
  process.exit(code ?? 1);
});
