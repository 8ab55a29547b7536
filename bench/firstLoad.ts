/**
 * `npm run bench:first-load` (issue 9, point 10): the bytes of JavaScript and CSS a browser pulls
 * over the wire for the first render of each area, from a real demo server in Debian's Chromium
 * with an empty cache. Builds the web app first unless BENCH_FIRST_LOAD_BUILD=0 and dist exists.
 *
 * Each page opens in a fresh browser context (nothing cached); the signed-in pages carry the
 * cookies of a sign-in made beforehand in another context. Everything the page loads until the
 * network is quiet counts: the entry, its preloads, the page's lazy chunks, the charts on the
 * dashboard. "wire" is the body as sent (brotli or gzip when the server compresses), "raw" the
 * decoded size. Budgets (compressed JS, kB = 1,000 bytes): member area 150 kB, admin area 300 kB.
 *
 *   BENCH_FIRST_LOAD_PORT       the demo server's port (default 3460)
 *   BENCH_FIRST_LOAD_BUILD=0    use the existing dist/web instead of building
 *   BENCH_FIRST_LOAD_ENCODING   Accept-Encoding the browser sends (default: Chromium's own, with
 *                               br; "gzip" measures a browser or proxy without brotli)
 *   CHROMIUM_PATH               the browser (default /usr/bin/chromium)
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { ACCOUNTS, type AccountName } from "../e2e/support/env.ts";
import { freshDataDir, removeDataDir, startServer } from "../e2e/support/server.ts";
import { solveCaptcha } from "../e2e/support/signIn.ts";

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
  /** Compressed JS budget in bytes, where the issue sets one. */
  budget?: number;
}

const VISITS: Visit[] = [
  { name: "landing", path: "/home", landing: "/home" },
  { name: "sign-in (ALTCHA)", path: "/login", landing: "/login" },
  { name: "member home", path: "/member/home", account: "player", landing: "/member/home", budget: 150_000 },
  { name: "admin dashboard", path: "/admin/dashboard", account: "admin", landing: "/admin/dashboard", budget: 300_000 },
];

interface Transfer {
  url: string;
  kind: "js" | "css";
  wire: number;
  raw: number;
  encoding: string;
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
  const pending: Promise<Transfer | null>[] = [];
  page.on("requestfinished", (request) => {
    const kind = kindOf(request.url());
    if (!kind) return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
        return {
          url: new URL(request.url()).pathname,
          kind,
          wire: sizes.responseBodySize,
          raw: body.length,
          encoding: response.headers()["content-encoding"] ?? "identity",
        };
      })(),
    );
  });
  await page.goto(visit.path);
  await page.waitForLoadState("networkidle");
  // A lazy chunk asked for by the first render (the dashboard's charts) comes after the data.
  await page.waitForTimeout(1000);
  await page.waitForLoadState("networkidle");
  const pathname = new URL(page.url()).pathname;
  if (pathname !== visit.landing) throw new Error(`${visit.name}: ended on ${pathname}, not ${visit.landing}`);
  const keys = await page.locator("body").innerText();
  // An untranslated key shows as a dotted snake_case word (route_error.title): the first render
  // must be translated, not only light.
  if (/\b[a-z]+_[a-z_]+\.[a-z_]+\b/.test(keys)) throw new Error(`${visit.name}: shows an i18n key`);
  return (await Promise.all(pending)).filter((t): t is Transfer => t !== null);
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1).padStart(8);

function sum(transfers: Transfer[], kind: Transfer["kind"], field: "wire" | "raw"): number {
  return transfers.filter((t) => t.kind === kind).reduce((total, t) => total + t[field], 0);
}

function printTable(measures: Measure[]): void {
  console.log(
    `\n${"page".padEnd(18)} ${"files".padStart(5)} ${"JS wire".padStart(8)} ${"CSS wire".padStart(8)} ${"total".padStart(8)} ${"JS raw".padStart(8)} ${"CSS raw".padStart(8)}  encoding  budget (JS wire)`,
  );
  for (const { visit, transfers } of measures) {
    const jsWire = sum(transfers, "js", "wire");
    const cssWire = sum(transfers, "css", "wire");
    const encodings = [...new Set(transfers.map((t) => t.encoding))].join(",");
    const budget = visit.budget
      ? `${jsWire <= visit.budget ? "ok" : "OVER"} (≤ ${(visit.budget / 1000).toFixed(0)} kB)`
      : "";
    console.log(
      `${visit.name.padEnd(18)} ${String(transfers.length).padStart(5)} ${kB(jsWire)} ${kB(cssWire)} ${kB(jsWire + cssWire)} ${kB(sum(transfers, "js", "raw"))} ${kB(sum(transfers, "css", "raw"))}  ${encodings.padEnd(8)}  ${budget}`,
    );
  }
  console.log("(kB = 1,000 bytes; wire = body bytes as transferred, raw = decoded)");
  if (process.env.BENCH_FIRST_LOAD_FILES === "1") {
    for (const { visit, transfers } of measures) {
      console.log(`\n${visit.name}`);
      for (const t of [...transfers].sort((a, b) => b.wire - a.wire))
        console.log(`${kB(t.wire)} ${kB(t.raw)}  ${t.encoding.padEnd(8)} ${t.url}`);
    }
  }
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
    const over = measures.filter(
      ({ visit, transfers }) => visit.budget !== undefined && sum(transfers, "js", "wire") > visit.budget,
    );
    if (over.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(dataDir);
  }
}

await main();
