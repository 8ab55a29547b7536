/**
 * `npm test`: every suite this machine can run. Unit and integration tests (Vitest) run on SQLite
 * and, when TEST_DATABASE_URL is set, on PostgreSQL too; the limit suites run on Redis too when
 * TEST_REDIS_URL is set; the browser end-to-end tests (Playwright) run when Chromium is installed. What is skipped is said plainly, and why. The last
 * line adds up the tests of every suite: `tests: N passed, N failed, N skipped`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const reports = mkdtempSync(path.join(os.tmpdir(), "helpdesk-test-report-"));

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const suites: { suite: string; outcome: "passed" | "failed" | "skipped"; note?: string; counts?: Counts }[] = [];
/** The failed tests of every suite, named again in the summary so that a log's tail says which. */
const failures: string[] = [];

/** The first line of a failure's message, without colour codes, short enough for one summary line. */
function firstLine(message: unknown): string {
  const text = typeof message === "string" ? stripVTControlCharacters(message) : "";
  const line = text.split("\n").find((part) => part.trim() !== "") ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function run(
  suite: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  count: () => Counts | undefined,
): void {
  console.log(`\n=== ${suite}: ${command} ${args.join(" ")}`);
  const child = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const counts = count();
  // A runner that crashed before counting anything has failed, whatever its exit code says.
  const ok = child.status === 0 && counts !== undefined && counts.failed === 0;
  suites.push({ suite, outcome: ok ? "passed" : "failed", ...(counts ? { counts } : {}) });
}

interface PlaywrightSuite {
  title?: string;
  specs?: { title: string; tests?: { status: string; results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const vitestReport = path.join(reports, "vitest.json");
const engines = process.env.TEST_DATABASE_URL ? "SQLite and PostgreSQL" : "SQLite";
run(
  `unit and integration tests on ${engines}`,
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  {},
  () => {
    const report = readJson(vitestReport) as
      | {
          numPassedTests: number;
          numFailedTests: number;
          numPendingTests: number;
          numTodoTests: number;
          testResults?: {
            name: string;
            message?: string;
            assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
          }[];
        }
      | undefined;
    for (const file of report?.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name);
      const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failed) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // A file that failed to load or whose hook threw has no failed test of its own to name.
      if (!failed.length && file.message) failures.push(`${where}: ${firstLine(file.message)}`);
    }
    return (
      report && {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + report.numTodoTests,
      }
    );
  },
);
if (!process.env.TEST_DATABASE_URL) {
  suites.push({
    suite: "integration tests on PostgreSQL",
    outcome: "skipped",
    note: "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test); .ci/run sets it",
  });
}

if (!process.env.TEST_REDIS_URL) {
  suites.push({
    suite: "limits on Redis",
    outcome: "skipped",
    note: "TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379/15); .ci/run sets it",
  });
}

// The two-node suites need both: two app nodes on one PostgreSQL and one Redis.
const clusterMissing = ["TEST_DATABASE_URL", "TEST_REDIS_URL"].filter((name) => !process.env[name]);
if (clusterMissing.length) {
  suites.push({
    suite: "two nodes on PostgreSQL and Redis (server/realtime/cluster*.test.ts, server/deploy/firstStart.test.ts)",
    outcome: "skipped",
    note: `${clusterMissing.join(" and ")} ${clusterMissing.length > 1 ? "are" : "is"} not set; .ci/run sets both`,
  });
}

const nginx = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
if (!existsSync(nginx)) {
  suites.push({
    suite: "two node processes behind nginx (server/deploy/nginx.test.ts)",
    outcome: "skipped",
    note: `no nginx at ${nginx} (NGINX_PATH); .ci/run installs Debian's`,
  });
}

if (existsSync(chromium)) {
  const playwrightReport = path.join(reports, "playwright.json");
  // Playwright's webServer builds the web app and starts a fresh demo server itself.
  run(
    "browser end-to-end tests (Playwright, Chromium)",
    "npx",
    ["playwright", "test", "--reporter=list,json"],
    { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    () => {
      const report = readJson(playwrightReport) as
        | {
            stats?: { expected: number; unexpected: number; flaky: number; skipped: number };
            suites?: PlaywrightSuite[];
          }
        | undefined;
      const visit = (suite: PlaywrightSuite, titles: string[]): void => {
        const here = suite.title ? [...titles, suite.title] : titles;
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            if (test.status !== "unexpected" && test.status !== "flaky") continue;
            const error = test.results?.find((result) => result.error)?.error?.message;
            failures.push(
              `${test.status === "flaky" ? "(flaky, passed on retry) " : ""}${[...here, spec.title].join(" › ")}: ${firstLine(error)}`,
            );
          }
        }
        for (const child of suite.suites ?? []) visit(child, here);
      };
      for (const suite of report?.suites ?? []) visit(suite, []);
      const stats = report?.stats;
      return stats && { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    },
  );
} else {
  suites.push({
    suite: "browser end-to-end tests",
    outcome: "skipped",
    note: `Chromium not found at ${chromium} (install Debian's chromium package, or set CHROMIUM_PATH); .ci/run installs it`,
  });
}

console.log("\n=== summary");
for (const s of suites) {
  const counts = s.counts ? ` (${s.counts.passed} passed, ${s.counts.failed} failed, ${s.counts.skipped} skipped)` : "";
  console.log(`${s.outcome.padEnd(8)} ${s.suite}${counts}${s.note ? ` — ${s.note}` : ""}`);
}
const total = suites.reduce(
  (sum, s) => ({
    passed: sum.passed + (s.counts?.passed ?? 0),
    failed: sum.failed + (s.counts?.failed ?? 0),
    skipped: sum.skipped + (s.counts?.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
if (failures.length) {
  console.log("\n=== failed tests");
  for (const failure of failures) console.log(`- ${failure}`);
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(suites.some((s) => s.outcome === "failed") ? 1 : 0);
