/**
 * `npm run screenshots`: takes the README's screenshots from a fresh demo server in Debian's
 * Chromium, so they can be renewed whenever the screens change. The npm script builds the web app
 * first when its sources changed; the shots go to docs/screenshots/*.png.
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
  /** A 390×844 touch phone (at device scale 1, so the PNG stays small) instead of a desktop window. */
  phone?: boolean;
}

/** The staff ticket list on the All open view: the views with their counts above every open ticket. */
async function allTickets(page: Page): Promise<void> {
  await page.getByTestId("view-all_open").click();
  await page.getByTestId("view-all_open").and(page.locator("[aria-pressed=true]")).waitFor();
  await page.getByTestId("ticket-row").first().waitFor();
  await page.waitForLoadState("networkidle");
}

/**
 * A signed-in user's language is their account's own preference: switched in the header's picker,
 * the way they would. Every Arabic shot goes through here.
 */
async function inArabic(page: Page): Promise<void> {
  await page.getByTestId("language-picker").click();
  await page.getByTestId("language-option-ar").click();
  await page.locator("html[dir=rtl]").waitFor();
  await page.waitForLoadState("networkidle");
}

async function allTicketsInArabic(page: Page): Promise<void> {
  await inArabic(page);
  await allTickets(page);
}

/** player6 writes in English and has an answered (ACTIVE) ticket in the demo: its page, with its chat. */
const PLAYER6 = { email: "player6@demo.test", password: DEMO_PASSWORD };

async function openAnsweredTicket(page: Page): Promise<void> {
  // The badge's status, not its text, so that this works in any language; desktop rows and phone
  // cards both hold the link to the ticket page.
  const active = page.locator("[data-testid=ticket-status][data-status=ACTIVE]").filter({ visible: true }).first();
  await active.waitFor();
  const href = await active.evaluate(
    (badge) =>
      (
        badge.closest("a[href^='/member/ticket/']") ?? badge.closest("tr")?.querySelector("a[href^='/member/ticket/']")
      )?.getAttribute("href") ?? "",
  );
  await page.locator(`a[href="${href}"]`).filter({ visible: true }).first().click();
  await page.waitForURL(/\/member\/ticket\//);
  await page.getByTestId("chat-panel").waitFor();
  await page.waitForLoadState("networkidle");
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
    account: PLAYER6,
    ready: openAnsweredTicket,
  },
  { file: "admin-dashboard-dark.png", path: "/admin/dashboard", account: "mod", scheme: "dark" },
  // The staff ticket page on a phone: the conversation first, the details behind a button.
  {
    file: "ticket-page-phone.png",
    path: `/admin/${encodeFetchCode({ ticketId: 3 })}/edit`,
    // Before the Arabic shots below, which save Arabic as the admin's language.
    account: "admin",
    phone: true,
    ready: async (page) => {
      await page.locator('[data-testid^="staff-chat-message-"]').last().waitFor();
      await page.waitForLoadState("networkidle");
    },
  },
  // The staff ticket page on demo ticket 3 (waiting for staff, assigned to the dev), as the admin.
  ...(["light", "dark", "arabic"] as const).map(
    (variant): Shot => ({
      file: variant === "light" ? "ticket-page.png" : `ticket-page-${variant}.png`,
      path: `/admin/${encodeFetchCode({ ticketId: 3 })}/edit`,
      account: "admin",
      scheme: variant === "dark" ? "dark" : "light",
      // The workspace fills the window: conversation, reply box and details in one screen.
      width: 1440,
      height: 900,
      ready: async (page) => {
        if (variant === "arabic") await inArabic(page);
        await page.getByTestId("ticket-info").waitFor();
        await page.locator('[data-testid^="staff-chat-message-"]').last().waitFor();
      },
    }),
  ),
  { file: "ticket-list.png", path: "/admin/ticket", account: "mod", ready: allTickets },
  {
    file: "ticket-list-dark.png",
    path: "/admin/ticket",
    account: "mod",
    scheme: "dark",
    ready: allTickets,
  },
  { file: "ticket-list-arabic.png", path: "/admin/ticket", account: "mod", ready: allTicketsInArabic },
  // The staff list as the admin sees it: every action, rank badges, responsibilities as chips.
  ...(["light", "dark", "arabic"] as const).map(
    (variant): Shot => ({
      file: variant === "light" ? "users.png" : `users-${variant}.png`,
      path: "/admin/users",
      account: "admin",
      scheme: variant === "dark" ? "dark" : "light",
      width: 1800,
      ready: async (page) => {
        if (variant === "arabic") await inArabic(page);
        await page.getByTestId("staff-row").nth(3).waitFor();
        await page.waitForLoadState("networkidle");
      },
    }),
  ),
  // The player search with every demo player, and ToxicTom's profile (banned, with a ban history).
  ...(["light", "dark", "arabic"] as const).flatMap((variant): Shot[] => {
    const suffix = variant === "light" ? "" : `-${variant}`;
    const scheme = variant === "dark" ? "dark" : "light";
    return [
      {
        file: `players-search${suffix}.png`,
        path: "/admin/members/search-members",
        account: "mod",
        scheme,
        ready: async (page) => {
          if (variant === "arabic") await inArabic(page);
          await page.getByTestId("member-row").nth(5).waitFor();
          await page.waitForLoadState("networkidle");
        },
      },
      {
        file: `player-profile${suffix}.png`,
        path: "/admin/members/search-members",
        account: "mod",
        scheme,
        height: 1100,
        ready: async (page) => {
          if (variant === "arabic") await inArabic(page);
          await page.getByTestId("member-filter-name").fill("ToxicTom");
          await page.getByTestId("search-button").click();
          await page.getByTestId("member-link").filter({ hasText: "ToxicTom" }).click();
          await page.getByTestId("ban-history-row").first().waitFor();
          await page.waitForLoadState("networkidle");
        },
      },
    ];
  }),
  // Category setup as the admin (who also holds category:disable), with its ticket counts.
  ...(["light", "dark", "arabic"] as const).map(
    (variant): Shot => ({
      file: variant === "light" ? "category-setup.png" : `category-setup-${variant}.png`,
      path: "/admin/setup/category-setup",
      account: "admin",
      scheme: variant === "dark" ? "dark" : "light",
      width: 1600,
      height: 1000,
      ready: async (page) => {
        if (variant === "arabic") await inArabic(page);
        await page.getByTestId("category-tickets").first().waitFor();
      },
    }),
  ),
  // The dashboard's and the statistics page's charts, as the mod, in light, dark and Arabic.
  ...(["dashboard", "statistics"] as const).flatMap((screen) =>
    (["light", "dark", "arabic"] as const).map(
      (variant): Shot => ({
        file: variant === "light" ? `${screen}.png` : `${screen}-${variant}.png`,
        path: `/admin/${screen}`,
        account: "mod",
        scheme: variant === "dark" ? "dark" : "light",
        width: 1440,
        height: screen === "dashboard" ? 1500 : 1300,
        ready: async (page) => {
          if (variant === "arabic") await inArabic(page);
          await page.locator("canvas").nth(2).waitFor();
          await page.waitForLoadState("networkidle");
          // Chart.js animates the doughnuts in.
          await page.waitForTimeout(1200);
        },
      }),
    ),
  ),
  ...(["light", "dark", "arabic"] as const).flatMap((variant): Shot[] => {
    const suffix = variant === "light" ? "" : `-${variant}`;
    const scheme = variant === "dark" ? ("dark" as const) : ("light" as const);
    return [
      {
        file: `account-profile${suffix}.png`,
        path: "/admin/settings/profile-settings",
        account: "mod",
        scheme,
        ready: async (page) => {
          if (variant === "arabic") await inArabic(page);
          await page.getByTestId("profile-name").waitFor();
        },
      },
      {
        file: `account-developer${suffix}.png`,
        path: "/admin/developer",
        account: "dev",
        scheme,
        ready: async (page) => {
          if (variant === "arabic") await inArabic(page);
          await page.getByTestId("todo-item").first().waitFor();
        },
      },
    ];
  }),
  // The player announcements setup as the admin (light, dark, and right to left in Arabic).
  ...(["light", "dark", "arabic"] as const).map(
    (variant): Shot => ({
      file: variant === "light" ? "announcements-setup.png" : `announcements-setup-${variant}.png`,
      path: "/admin/setup/announcements-setup",
      account: "admin",
      scheme: variant === "dark" ? "dark" : "light",
      width: 1600,
      ready: async (page) => {
        if (variant === "arabic") await inArabic(page);
        await page.getByTestId("announcement-row").first().waitFor();
      },
    }),
  ),
  // ---- the player side on a 390 px phone, beside the desktop shots above
  // The home page's latest tickets sit below the announcements and the two cards: a taller phone.
  {
    file: "member-phone-home.png",
    path: "/member/home",
    account: PLAYER6,
    phone: true,
    height: 1400,
    ready: (page) => page.getByTestId("recent-ticket").first().waitFor(),
  },
  {
    file: "member-phone-history.png",
    path: "/member/ticket-history",
    account: PLAYER6,
    phone: true,
    ready: (page) => page.getByTestId("history-card").first().waitFor(),
  },
  {
    file: "member-phone-ticket.png",
    path: "/member/ticket-history",
    account: PLAYER6,
    phone: true,
    ready: openAnsweredTicket,
  },
  {
    file: "member-phone-menu.png",
    path: "/member/home",
    account: PLAYER6,
    phone: true,
    ready: async (page) => {
      await page.getByTestId("nav-menu-button").click();
      await page.getByTestId("nav-menu").waitFor();
    },
  },
  {
    file: "member-phone-history-dark.png",
    path: "/member/ticket-history",
    account: PLAYER6,
    scheme: "dark",
    phone: true,
    ready: (page) => page.getByTestId("history-card").first().waitFor(),
  },
  {
    file: "member-phone-ticket-arabic.png",
    path: "/member/ticket-history",
    account: PLAYER6,
    phone: true,
    ready: async (page) => {
      await inArabic(page);
      await openAnsweredTicket(page);
    },
  },
  {
    file: "member-phone-home-arabic-dark.png",
    path: "/member/home",
    account: PLAYER6,
    scheme: "dark",
    phone: true,
    height: 1400,
    ready: async (page) => {
      await inArabic(page);
      await page.getByTestId("recent-ticket").first().waitFor();
    },
  },
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
    viewport: shot.phone
      ? { width: 390, height: shot.height ?? 844 }
      : { width: shot.width ?? 1280, height: shot.height ?? 800 },
    ...(shot.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
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
