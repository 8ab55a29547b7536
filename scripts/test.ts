/**
 * `npm test`: every suite this machine can run. Unit and integration tests (Vitest) run on SQLite
 * and, when TEST_DATABASE_URL is set, on PostgreSQL too; the browser end-to-end tests
 * (Playwright) run when Chromium is installed. What is skipped is said plainly, and why.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const results: { suite: string; outcome: "passed" | "failed" | "skipped"; note?: string }[] = [];

function run(suite: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${suite}: ${command} ${args.join(" ")}`);
  const child = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = child.status === 0;
  results.push({ suite, outcome: ok ? "passed" : "failed" });
  return ok;
}

const engines = process.env.TEST_DATABASE_URL ? "SQLite and PostgreSQL" : "SQLite";
run(`unit and integration tests on ${engines}`, "npx", ["vitest", "run"]);
if (!process.env.TEST_DATABASE_URL) {
  results.push({
    suite: "integration tests on PostgreSQL",
    outcome: "skipped",
    note: "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test); .ci/run sets it",
  });
}

if (existsSync(chromium)) {
  // Playwright's webServer builds the web app and starts a fresh demo server itself.
  run("browser end-to-end tests (Playwright, Chromium)", "npx", ["playwright", "test"], { CHROMIUM_PATH: chromium });
} else {
  results.push({
    suite: "browser end-to-end tests",
    outcome: "skipped",
    note: `Chromium not found at ${chromium} (install Debian's chromium package, or set CHROMIUM_PATH); .ci/run installs it`,
  });
}

console.log("\n=== summary");
for (const r of results) console.log(`${r.outcome.padEnd(8)} ${r.suite}${r.note ? ` — ${r.note}` : ""}`);
const failed = results.filter((r) => r.outcome === "failed").length;
const passed = results.filter((r) => r.outcome === "passed").length;
const skipped = results.filter((r) => r.outcome === "skipped").length;
console.log(`suites: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
