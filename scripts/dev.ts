/**
 * `npm run dev`: the API server restarting on change (node --watch) and Vite with hot reload,
 * side by side. Open http://localhost:5173; Vite forwards API and socket calls to :3000.
 */
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--watch-path=server", "--watch-path=common", "server/main.ts", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development" },
  }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];

function stop(): void {
  for (const child of children) child.kill("SIGTERM");
}
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
