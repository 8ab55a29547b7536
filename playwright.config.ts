/**
 * End-to-end tests in Debian's Chromium against the real server (`--demo` seed, ALTCHA on). Each
 * of the E2E_WORKERS workers (default 2) has a server of its own, on a fresh data directory,
 * started together by Playwright's webServer (e2e/support/serve.ts); BASE_URL is the worker's
 * own. The setup project signs the test accounts in once on every server through the sign-in
 * page and keeps their browser states.
 */
import { defineConfig } from "@playwright/test";
import { BASE_URL, WORKERS } from "./e2e/support/env.ts";

type TraceMode = "off" | "on" | "retain-on-failure" | "on-first-retry";
const TRACE_MODES: TraceMode[] = ["off", "on", "retain-on-failure", "on-first-retry"];

function traceMode(): TraceMode {
  const asked = process.env.E2E_TRACE;
  if (asked === undefined || asked === "") return process.env.CI ? "on-first-retry" : "off";
  if (!TRACE_MODES.includes(asked as TraceMode)) {
    throw new Error(`E2E_TRACE="${asked}" is not one of ${TRACE_MODES.join(", ")}`);
  }
  return asked as TraceMode;
}

export default defineConfig({
  testDir: "e2e",
  forbidOnly: !!process.env.CI,
  // Tests, not files, are shared out between the workers, so that neither idles at the end while
  // the other finishes a long file. A test never relies on an earlier test of its file; the few
  // groups that share a server of their own, or go in steps, say so (mode "default" or "serial").
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  workers: WORKERS,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    // A trace (actions, DOM snapshots, network, console) is recorded for the retry of a failed
    // test in CI, and locally only when E2E_TRACE asks (on, retain-on-failure): recorded for every
    // test, its DOM snapshots cost a fifth of the run's CPU (docs/decisions/test-suite.md). The
    // film strip is always left out. A failed test keeps its screenshot.
    trace: { mode: traceMode(), screenshots: false },
    screenshot: "only-on-failure",
    colorScheme: "light",
    locale: "en-US",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "chromium", testMatch: /.*\.spec\.ts/, testIgnore: /phone\.spec\.ts/, dependencies: ["setup"] },
    // The player and public pages at a phone's width (the layout, not Chromium's touch quirks).
    {
      name: "phone",
      testMatch: /phone\.spec\.ts/,
      dependencies: ["setup"],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    },
  ],
  webServer: {
    // The web app is built only when its sources changed since the last build (scripts/buildWeb.ts).
    command: "node scripts/buildWeb.ts --if-changed && node e2e/support/serve.ts",
    wait: { stdout: /e2e servers ready/ },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
