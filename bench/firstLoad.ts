/**
 * `npm run bench:first-load` (docs/decisions/first-load.md): the bytes of JavaScript and CSS a
 * browser pulls over the wire for the first render of each area, from a real demo server in
 * Debian's Chromium with an empty cache. Builds the web app first unless BENCH_FIRST_LOAD_BUILD=0
 * and dist exists.
 *
 * Each page opens in a fresh browser context (nothing cached); the signed-in pages carry the
 * cookies of a sign-in made beforehand in another context. "first render" counts the files the
 * browser asked for before the page's own content was in the document (a marker element per page,
 * seen by a MutationObserver as React commits it); "until idle" adds what the page loads after
 * that, until the network is quiet: the dashboard's charts, the realtime socket's client, the bot
 * check's widget.
 * "wire" is the body as sent (brotli or gzip when the server compresses), "raw" the decoded size.
 * Budgets (first render, compressed JS, kB = 1,000 bytes) live in bench/budgets.ts; each row says
 * PASS or FAIL, and the run exits with 1 when one fails (.ci/run runs this bench).
 *
 *   BENCH_FIRST_LOAD_PORT       the demo server's port (default 3460)
 *   BENCH_FIRST_LOAD_BUILD=0    use the existing dist/web instead of building
 *   BENCH_FIRST_LOAD_ENCODING   Accept-Encoding the browser sends (default: Chromium's own, with
 *                               br; "gzip" measures a browser or proxy without brotli)
 *   BENCH_FIRST_LOAD_FILES=1    list every file with its size and when it was asked for
 *   BENCH_FIRST_LOAD_README=1   rewrite the README's figures from this run (bench/firstLoadReadme.ts)
 *   CHROMIUM_PATH               the browser (default /usr/bin/chromium)
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { ACCOUNTS, type AccountName } from "../e2e/support/env.ts";
import { freshDataDir, removeDataDir, startServer } from "../e2e/support/server.ts";
import { solveCaptcha } from "../e2e/support/signIn.ts";
import { FIRST_LOAD_BUDGETS } from "./budgets.ts";
import { renderReadmeFigures, replaceReadmeFigures } from "./firstLoadReadme.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_FIRST_LOAD_PORT ?? 3460);
const BASE = `http://127.0.0.1:${PORT}`;
const ENCODING = process.env.BENCH_FIRST_LOAD_ENCODING;

interface Visit {
  name: string;
  path: string;
  account?: AccountName;
  /** Where the page must stay: a redirect would measure another page. */
  landing: string;
  /** An element of the page's own first render (not of its shell, not of a later chunk). */
  ready: string;
  /** Compressed JS budget in bytes (bench/budgets.ts), where there is one. */
  budget?: number;
}

const VISITS: Visit[] = [
  { name: "landing", path: "/home", landing: "/home", ready: "[data-testid=landing-sign-in]" },
  { name: "sign-in (ALTCHA)", path: "/login", landing: "/login", ready: "form input[type=password]" },
  {
    name: FIRST_LOAD_BUDGETS.member.page,
    path: "/member/home",
    account: "player",
    landing: "/member/home",
    ready: "[data-testid=home-create-ticket]",
    budget: FIRST_LOAD_BUDGETS.member.bytes,
  },
  {
    name: FIRST_LOAD_BUDGETS.admin.page,
    path: "/admin/dashboard",
    account: "admin",
    landing: "/admin/dashboard",
    ready: "[data-testid=dashboard-stats]",
    budget: FIRST_LOAD_BUDGETS.admin.bytes,
  },
];

interface Transfer {
  url: string;
  kind: "js" | "css";
  wire: number;
  raw: number;
  encoding: string;
  /** Asked for before the page's first render was on screen. */
  first: boolean;
  /** When the browser asked for it, in ms after the first render (negative: before). */
  at: number;
}

interface Measure {
  visit: Visit;
  transfers: Transfer[];
}

function kindOf(url: string): Transfer["kind"] | null {
  const pathname = new URL(url).pathname;
  if (pathname.endsWith(".js")) return "js";
  if (pathname.endsWith(".css")) return "css";
  return null;
}

async function newContext(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>) {
  return browser.newContext({
    baseURL: BASE,
    locale: "en-US",
    storageState,
    ...(ENCODING ? { extraHTTPHeaders: { "accept-encoding": ENCODING } } : {}),
  });
}

async function signedInState(browser: Browser, account: AccountName) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const { email, password } = ACCOUNTS[account];
  await page.goto("/login");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await solveCaptcha(page);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  const state = await context.storageState();
  await context.close();
  return state;
}

async function measure(page: Page, visit: Visit): Promise<Transfer[]> {
  const encodings = new Map<string, string>();
  page.on("response", (response) => {
    encodings.set(response.url(), response.headers()["content-encoding"] ?? "identity");
  });
  // The moment the page's marker enters the document, seen by a MutationObserver in the commit
  // that adds it: polling on animation frames came late on a busy machine, and counted files that
  // the page asked for after its first render (the dashboard's charts) as part of it.
  await page.addInitScript((selector) => {
    const marked = window as unknown as { __firstRenderAt?: number };
    const observer = new MutationObserver(() => {
      if (marked.__firstRenderAt !== undefined || !document.querySelector(selector)) return;
      marked.__firstRenderAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, visit.ready);
  await page.goto(visit.path);
  const readyAt = await (
    await page.waitForFunction(
      () => (window as unknown as { __firstRenderAt?: number }).__firstRenderAt ?? null,
      undefined,
      { timeout: 60_000 },
    )
  ).jsonValue();
  await page.waitForLoadState("networkidle");
  // A chunk asked for after the data arrived (the dashboard's charts) may start late.
  await page.waitForTimeout(2500);
  await page.waitForLoadState("networkidle");
  const pathname = new URL(page.url()).pathname;
  if (pathname !== visit.landing) throw new Error(`${visit.name}: ended on ${pathname}, not ${visit.landing}`);
  const text = await page.locator("body").innerText();
  // The first render must be translated, not only light: no raw key (route_error.title) shows.
  if (/\b[a-z]+_[a-z_]+\.[a-z_]+\b/.test(text)) throw new Error(`${visit.name}: shows an i18n key`);
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((e) => ({
      name: e.name,
      startTime: e.startTime,
      wire: e.encodedBodySize,
      raw: e.decodedBodySize,
    })),
  );
  const transfers: Transfer[] = [];
  for (const entry of entries) {
    const kind = kindOf(entry.name);
    if (!kind) continue;
    transfers.push({
      url: new URL(entry.name).pathname,
      kind,
      wire: entry.wire,
      raw: entry.raw,
      encoding: encodings.get(entry.name) ?? "?",
      first: entry.startTime <= (readyAt ?? 0),
      at: Math.round(entry.startTime - (readyAt ?? 0)),
    });
  }
  return transfers;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1).padStart(8);

function sum(transfers: Transfer[], kind: Transfer["kind"], field: "wire" | "raw", firstOnly = false): number {
  return transfers.filter((t) => t.kind === kind && (!firstOnly || t.first)).reduce((total, t) => total + t[field], 0);
}

function printTable(measures: Measure[]): void {
  const head = ["files", "JS wire", "CSS wire", "JS raw", "| files", "JS wire", "CSS wire", "total"];
  console.log(`\n${"".padEnd(18)} ${"first render".padEnd(35)} | until idle`);
  console.log(`${"page".padEnd(18)} ${head.map((h) => h.padStart(8)).join(" ")}  encoding  budget (first-render JS)`);
  for (const { visit, transfers } of measures) {
    const first = transfers.filter((t) => t.first);
    const firstJs = sum(transfers, "js", "wire", true);
    const jsWire = sum(transfers, "js", "wire");
    const cssWire = sum(transfers, "css", "wire");
    const encodings = [...new Set(transfers.map((t) => t.encoding))].join(",");
    const budget = visit.budget
      ? `${firstJs <= visit.budget ? "PASS" : "FAIL"} (≤ ${(visit.budget / 1000).toFixed(0)} kB)`
      : "";
    console.log(
      `${visit.name.padEnd(18)} ${String(first.length).padStart(8)} ${kB(firstJs)} ${kB(sum(transfers, "css", "wire", true))} ${kB(sum(transfers, "js", "raw", true))} ${`| ${transfers.length}`.padStart(8)} ${kB(jsWire)} ${kB(cssWire)} ${kB(jsWire + cssWire)}  ${encodings.padEnd(8)}  ${budget}`,
    );
  }
  console.log("(kB = 1,000 bytes; wire = body bytes as transferred, raw = decoded)");
  if (process.env.BENCH_FIRST_LOAD_FILES === "1") {
    for (const { visit, transfers } of measures) {
      console.log(`\n${visit.name}`);
      for (const t of [...transfers].sort((a, b) => Number(b.first) - Number(a.first) || b.wire - a.wire))
        console.log(
          `${kB(t.wire)} ${kB(t.raw)}  ${t.encoding.padEnd(8)} ${t.first ? "first" : "later"} ${`${t.at} ms`.padStart(9)}  ${t.url}`,
        );
    }
  }
}

function writeReadme(measures: Measure[]): void {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
  const encodings = new Set(measures.flatMap(({ transfers }) => transfers.map((t) => t.encoding)));
  encodings.delete("identity");
  const block = renderReadmeFigures(
    measures.map(({ visit, transfers }) => ({
      page: visit.name,
      firstRenderJs: sum(transfers, "js", "wire", true),
      untilIdleJs: sum(transfers, "js", "wire"),
    })),
    {
      date: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      commit: `${git("rev-parse", "--short", "HEAD")}${dirty ? " with uncommitted changes" : ""}`,
      encoding: [...encodings].join(", ") || "uncompressed",
    },
  );
  const readme = path.join(ROOT, "README.md");
  writeFileSync(readme, replaceReadmeFigures(readFileSync(readme, "utf8"), block));
  console.log("README.md: first-load figures written");
}

async function main(): Promise<void> {
  const built = existsSync(path.join(ROOT, "dist", "web", "index.html"));
  if (process.env.BENCH_FIRST_LOAD_BUILD !== "0" || !built) {
    execFileSync(process.execPath, [path.join(ROOT, "node_modules", "vite", "bin", "vite.js"), "build"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const dataDir = freshDataDir();
  const server = await startServer(PORT, dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const states = new Map<AccountName, Awaited<ReturnType<typeof signedInState>>>();
    const measures: Measure[] = [];
    for (const visit of VISITS) {
      if (visit.account && !states.has(visit.account))
        states.set(visit.account, await signedInState(browser, visit.account));
      const context = await newContext(browser, visit.account ? states.get(visit.account) : undefined);
      const page = await context.newPage();
      measures.push({ visit, transfers: await measure(page, visit) });
      await context.close();
    }
    printTable(measures);
    if (process.env.BENCH_FIRST_LOAD_README === "1") writeReadme(measures);
    const over = measures.filter(
      ({ visit, transfers }) => visit.budget !== undefined && sum(transfers, "js", "wire", true) > visit.budget,
    );
    for (const { visit, transfers } of over)
      console.error(
        `first-load: ${visit.name} asks for ${kB(sum(transfers, "js", "wire", true)).trim()} kB of JS before its first render, over its budget of ${(visit.budget ?? 0) / 1000} kB (bench/budgets.ts)`,
      );
    if (over.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(dataDir);
  }
}

await main();
