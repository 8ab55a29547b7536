/**
 * `npm test`: every suite this machine can run. Unit and integration tests (Vitest) run on SQLite
 * and, when TEST_DATABASE_URL is set, on PostgreSQL too; the limit suites run on Redis too when
 * TEST_REDIS_URL is set; the browser end-to-end tests (Playwright) run when Chromium is installed.
 * What is skipped is said plainly, and why, at the moment it is skipped and again in the summary.
 * The last line adds up the tests of every suite: `tests: N passed, N failed, N skipped`.
 *
 * `npm test -- unit` or `npm test -- e2e` runs one part. Ctrl-C (SIGINT) or SIGTERM stops the
 * part under way with everything it started, the e2e servers included, and ends the run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const PARTS = ["unit", "e2e"] as const;
type Part = (typeof PARTS)[number];
const asked = process.argv.slice(2);
for (const arg of asked) {
  if (!PARTS.includes(arg as Part)) {
    console.error(`npm test: unknown part "${arg}"; the parts are ${PARTS.join(" and ")}`);
    process.exit(2);
  }
}
const runs = (part: Part) => asked.length === 0 || asked.includes(part);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const reports = mkdtempSync(path.join(os.tmpdir(), "helpdesk-test-report-"));
const started = Date.now();

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const suites: {
  suite: string;
  outcome: "passed" | "failed" | "skipped" | "interrupted";
  note?: string;
  counts?: Counts;
  seconds?: number;
}[] = [];
/** The failed tests of every suite, named again in the summary so that a log's tail says which. */
const failures: string[] = [];

/** The first line of a failure's message, without colour codes, short enough for one summary line. */
function firstLine(message: unknown): string {
  const text = typeof message === "string" ? stripVTControlCharacters(message) : "";
  const line = text.split("\n").find((part) => part.trim() !== "") ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** Says at once that a suite is skipped, and why; the summary says it again. */
function skip(suite: string, note: string): void {
  console.log(`\n=== skipped: ${suite} — ${note}`);
  suites.push({ suite, outcome: "skipped", note });
}

// ---- interruption: the runner's children live in process groups of their own (so that a
// terminal's Ctrl-C reaches this process only). A signal here becomes a SIGINT to the group under
// way, whatever the signal was: Ctrl-C is what Vitest and Playwright stop on cleanly, their workers,
// browsers and webServer included (Playwright ends at once on a SIGTERM, leaving its webServer). A
// group still there after 30 s is killed outright.

let active: ChildProcess | undefined;
let interruptedBy: NodeJS.Signals | undefined;
const EXIT_CODES: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (interruptedBy) {
      // Asked again: no more waiting for a graceful stop.
      if (active) signalGroup(active, "SIGKILL");
      return;
    }
    interruptedBy = signal;
    console.log(`\n=== ${signal}: stopping the run and everything it started`);
    if (!active) process.exit(EXIT_CODES[signal]);
    const child = active;
    signalGroup(child, "SIGINT");
    setTimeout(() => signalGroup(child, "SIGKILL"), 30_000).unref();
  });
}

function run(
  suite: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  count: () => Counts | undefined,
): Promise<void> {
  console.log(`\n=== ${suite}: ${command} ${args.join(" ")}`);
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env }, detached: true });
    active = child;
    child.once("exit", (code) => {
      active = undefined;
      const seconds = Math.round((Date.now() - began) / 1000);
      if (interruptedBy) {
        suites.push({ suite, outcome: "interrupted", note: `stopped by ${interruptedBy}`, seconds });
        return resolve();
      }
      const counts = count();
      // A runner that crashed before counting anything has failed, whatever its exit code says.
      const ok = code === 0 && counts !== undefined && counts.failed === 0;
      suites.push({ suite, outcome: ok ? "passed" : "failed", ...(counts ? { counts } : {}), seconds });
      resolve();
    });
  });
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

async function unitPart(): Promise<void> {
  // Parts of the Vitest run that skip themselves on this machine: named before it starts.
  if (!process.env.TEST_DATABASE_URL) {
    skip(
      "integration tests on PostgreSQL",
      "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test); .ci/run sets it",
    );
  }
  if (!process.env.TEST_REDIS_URL) {
    skip("limits on Redis", "TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379/15); .ci/run sets it");
  }
  // The two-node suites need both: two app nodes on one PostgreSQL and one Redis.
  const clusterMissing = ["TEST_DATABASE_URL", "TEST_REDIS_URL"].filter((name) => !process.env[name]);
  if (clusterMissing.length) {
    skip(
      "two nodes on PostgreSQL and Redis (server/realtime/cluster*.test.ts, server/deploy/firstStart.test.ts)",
      `${clusterMissing.join(" and ")} ${clusterMissing.length > 1 ? "are" : "is"} not set; .ci/run sets both`,
    );
  }
  const nginx = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
  if (!existsSync(nginx)) {
    skip(
      "two node processes behind nginx (server/deploy/nginx.test.ts)",
      `no nginx at ${nginx} (NGINX_PATH); .ci/run installs Debian's`,
    );
  }

  const vitestReport = path.join(reports, "vitest.json");
  const engines = process.env.TEST_DATABASE_URL ? "SQLite and PostgreSQL" : "SQLite";
  await run(
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
        for (const test of failed)
          failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
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
}

async function e2ePart(): Promise<void> {
  if (!existsSync(chromium)) {
    skip(
      "browser end-to-end tests",
      `Chromium not found at ${chromium} (install Debian's chromium package, or set CHROMIUM_PATH); .ci/run installs it`,
    );
    return;
  }
  const playwrightReport = path.join(reports, "playwright.json");
  // Playwright's webServer builds the web app when it changed and starts the demo servers; they
  // also stop by themselves should this process be gone without stopping them (E2E_OWNER_PID).
  await run(
    "browser end-to-end tests (Playwright, Chromium)",
    "npx",
    ["playwright", "test", "--reporter=list,json"],
    { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, E2E_OWNER_PID: String(process.pid) },
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
}

if (runs("unit")) await unitPart();
if (runs("e2e") && !interruptedBy) await e2ePart();

console.log("\n=== summary");
for (const s of suites) {
  const counts = s.counts ? ` (${s.counts.passed} passed, ${s.counts.failed} failed, ${s.counts.skipped} skipped)` : "";
  const time = s.seconds === undefined ? "" : ` in ${s.seconds} s`;
  console.log(`${s.outcome.padEnd(11)} ${s.suite}${counts}${time}${s.note ? ` — ${s.note}` : ""}`);
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
console.log(`time: ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (interruptedBy) process.exit(EXIT_CODES[interruptedBy]);
process.exit(suites.some((s) => s.outcome === "failed") ? 1 : 0);
