/**
 * `node scripts/screenshots.ts`: takes the README's screenshots from a fresh demo server in
 * Debian's Chromium, so they can be renewed whenever the screens change. Needs a built web app
 * (`npm run build`) and writes docs/screenshots/*.png.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { encodeFetchCode } from "../common/ticket-code.ts";
import { ACCOUNTS, type AccountName, DEMO_PASSWORD } from "../e2e/support/env.ts";
import { freshDataDir, removeDataDir, startServer } from "../e2e/support/server.ts";
import { solveCaptcha } from "../e2e/support/signIn.ts";

const PORT = Number(process.env.SCREENSHOT_PORT ?? 3400);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = path.resolve(import.meta.dirname, "..", "docs", "screenshots");

interface Shot {
  file: string;
  path: string;
  account?: AccountName | { email: string; password: string };
  scheme?: "light" | "dark";
  language?: string;
  /** Waits for something that shows the page has its data. */
  ready?: (page: Page) => Promise<unknown>;
  /** Viewport width; wide tables need more than the default 1280. */
  width?: number;
  /** Viewport height; the ticket page needs more to show its chat and notes. */
  height?: number;
}

/** The staff ticket list with every demo ticket (Clear), not only the signed-in one's. */
async function allTickets(page: Page): Promise<void> {
  await page.getByTestId("clear-button").click();
  await page.getByTestId("ticket-row").nth(9).waitFor();
  await page.waitForLoadState("networkidle");
}

/** A signed-in staff member's language is their own preference: chosen in the header's picker. */
async function allTicketsInArabic(page: Page): Promise<void> {
  await page.getByTestId("language-picker").click();
  await page.getByTestId("language-option-ar").click();
  await page.locator("html[dir=rtl]").waitFor();
  await allTickets(page);
}

const SHOTS: Shot[] = [
  { file: "sign-in.png", path: "/login" },
  { file: "landing-arabic-dark.png", path: "/home", scheme: "dark", language: "ar" },
  { file: "member-home.png", path: "/member/home", account: "player" },
  { file: "faq.png", path: "/faq" },
  { file: "member-ticket-history.png", path: "/member/ticket-history", account: "player" },
  {
    file: "member-ticket-chat.png",
    path: "/member/ticket-history",
    // player6 writes in English and has an answered ticket in the demo.
    account: { email: "player6@demo.test", password: DEMO_PASSWORD },
    ready: async (page) => {
      await page.locator("tr", { hasText: "ACTIVE" }).locator("a[href^='/member/ticket/']").first().click();
      await page.waitForURL(/\/member\/ticket\//);
      await page.waitForLoadState("networkidle");
    },
  },
  { file: "admin-dashboard-dark.png", path: "/admin/dashboard", account: "mod", scheme: "dark" },
  // The staff ticket page on demo ticket 3 (waiting for staff, assigned to the dev), as the admin.
  ...(["light", "dark", "arabic"] as const).map(
    (variant): Shot => ({
      file: variant === "light" ? "ticket-page.png" : `ticket-page-${variant}.png`,
      path: `/admin/${encodeFetchCode({ ticketId: 3 })}/edit`,
      account: "admin",
      scheme: variant === "dark" ? "dark" : "light",
      width: 1440,
      height: 1500,
      ready: async (page) => {
        // A signed-in user's language is their account's: switch it the way they would.
        if (variant === "arabic") {
          await page.getByTestId("language-picker").click();
          await page.getByTestId("language-option-ar").click();
          await page.locator("html[dir=rtl]").waitFor();
          await page.waitForLoadState("networkidle");
        }
        await page.getByTestId("ticket-info").waitFor();
      },
    }),
  ),
  { file: "ticket-list.png", path: "/admin/ticket", account: "mod", ready: allTickets, width: 1920 },
  {
    file: "ticket-list-dark.png",
    path: "/admin/ticket",
    account: "mod",
    scheme: "dark",
    ready: allTickets,
    width: 1920,
  },
  { file: "ticket-list-arabic.png", path: "/admin/ticket", account: "mod", ready: allTicketsInArabic, width: 1920 },
  // ---- issue 8 part staffusers: this part's shots below this line
  // (end of part staffusers)
  // ---- issue 8 part players: this part's shots below this line
  // (end of part players)
  // ---- issue 8 part setup: this part's shots below this line
  // (end of part setup)
  // ---- issue 8 part dashboard: this part's shots below this line
  // (end of part dashboard)
  // ---- issue 8 part account: this part's shots below this line
  // (end of part account)
  // ---- issue 8 part content: this part's shots below this line
  // The player announcements setup as the admin (light, dark, and right to left in Arabic).
  ...(["light", "dark", "arabic"] as const).map(
    (variant): Shot => ({
      file: variant === "light" ? "announcements-setup.png" : `announcements-setup-${variant}.png`,
      path: "/admin/setup/announcements-setup",
      account: "admin",
      scheme: variant === "dark" ? "dark" : "light",
      width: 1600,
      ready: async (page) => {
        if (variant === "arabic") {
          await page.getByTestId("language-picker").click();
          await page.getByTestId("language-option-ar").click();
          await page.locator("html[dir=rtl]").waitFor();
          await page.waitForLoadState("networkidle");
        }
        await page.getByTestId("announcement-row").first().waitFor();
      },
    }),
  ),
  // (end of part content)
];

/** SCREENSHOTS=ticket-list takes only the shots whose file name starts so (all when unset). */
const only = process.env.SCREENSHOTS;

async function signIn(page: Page, account: NonNullable<Shot["account"]>): Promise<void> {
  const { email, password } = typeof account === "string" ? ACCOUNTS[account] : account;
  await page.goto(`${BASE}/login`);
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await solveCaptcha(page);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

async function take(browser: Browser, shot: Shot): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: shot.width ?? 1280, height: shot.height ?? 800 },
    colorScheme: shot.scheme ?? "light",
    baseURL: BASE,
  });
  const page = await context.newPage();
  if (shot.account) await signIn(page, shot.account);
  if (shot.language) {
    await page.goto(BASE);
    await page.evaluate((lng) => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith("helpdesk.language")) localStorage.setItem(key, lng);
      localStorage.setItem("helpdesk.language.anonymous", lng);
    }, shot.language);
  }
  await page.goto(`${BASE}${shot.path}`);
  await page.waitForLoadState("networkidle");
  await shot.ready?.(page);
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(OUT, shot.file) });
  console.log(`wrote docs/screenshots/${shot.file}`);
  await context.close();
}

mkdirSync(OUT, { recursive: true });
const dataDir = freshDataDir();
const server = await startServer(PORT, dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  for (const shot of SHOTS) if (!only || shot.file.startsWith(only)) await take(browser, shot);
} finally {
  await browser.close();
  await server.stop();
  removeDataDir(dataDir);
}
