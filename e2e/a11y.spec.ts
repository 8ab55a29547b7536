/**
 * Accessibility of every player and public page: axe-core with the WCAG 2.0, 2.1 and
 * 2.2 A/AA rules, in light, in dark and in Arabic (right to left). A serious or critical
 * violation fails the test and is printed: rule, impact, help and the offending elements.
 * The staff pages are in a11y.staff.spec.ts.
 */
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { CSRF_COOKIE, CSRF_HEADER, STORAGE_KEYS } from "../common/constants.ts";
import { decodeIdToken } from "../common/schemas/auth.ts";
import { encodeTicketInfo } from "../common/ticket-code.ts";
import { blockingViolations } from "./support/axe.ts";
import { ACCOUNTS, BASE_URL, INTEGRATION_API_KEY } from "./support/env.ts";
import { player1Tickets } from "./support/playerTicket.ts";
import { signInThroughApi } from "./support/staffApi.ts";

interface Variant {
  name: string;
  colorScheme: "light" | "dark";
  language: "en" | "ar";
}
const VARIANTS: Variant[] = [
  { name: "light", colorScheme: "light", language: "en" },
  { name: "dark", colorScheme: "dark", language: "en" },
  { name: "Arabic", colorScheme: "light", language: "ar" },
];

interface Target {
  name: string;
  /** The page's address; some exist only once the test data is made (filled in beforeAll). */
  path: string | (() => string);
  /** Shown once the page has its content (not a loader). */
  ready(page: Page): Locator;
  /** What a person does before the check, to bring a state into view (an error under a field). */
  act?(page: Page): Promise<void>;
}

/** A new set-up link from the game's integration API: the set-password page with its form. */
async function setupPasswordPath(): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/integration/upsert-member`, {
    method: "POST",
    headers: { authorization: `Bearer ${INTEGRATION_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      email: `a11y${Date.now()}${Math.floor(Math.random() * 1000)}@demo.test`,
      name: "Axe",
      characters: [{ characterName: "Axe", characterLevel: 3, server: "Europe 1" }],
    }),
  });
  expect(response.status).toBe(200);
  const { password_token: token } = (await response.json()) as { password_token: string };
  return `/setup-password/${token}`;
}

/** The demo's account-less visitor's ticket, by its private link. */
async function temporaryTicketPath(): Promise<string> {
  const staff = await signInThroughApi("admin");
  try {
    const email = "guest@demo.test";
    const { tickets } = await staff.post<{ tickets: { id: number }[] }>("/api/tickets/pagination-search-tickets", {
      email,
      email_mode: 2,
      page: 1,
      entries_per_page: 10,
    });
    const ticket = tickets[0];
    if (!ticket) throw new Error("the demo seed has no ticket of guest@demo.test");
    return `/ticket/${encodeTicketInfo({ ticketId: ticket.id, email })}`;
  } finally {
    await staff.dispose();
  }
}

/** Addresses made from the demo data and fresh set-up links, once per variant. */
const made = new Map<string, string>();
function madePath(key: string): () => string {
  return () => {
    const path = made.get(key);
    if (!path) throw new Error(`${key} was not made`);
    return path;
  };
}

async function makePaths(): Promise<void> {
  made.set("setup", await setupPasswordPath());
  if (!made.has("temporary")) made.set("temporary", await temporaryTicketPath());
  if (made.has("open")) return;
  const tickets = await player1Tickets();
  const open = tickets.find((t) => t.status !== "RESOLVED" && t.status !== "CLOSED");
  const ended = tickets.find((t) => t.status === "RESOLVED" || t.status === "CLOSED");
  if (!open || !ended) throw new Error("player1 needs an open and an ended ticket in the demo seed");
  made.set("open", `/member/ticket/${open.fetch_code}`);
  made.set("ended", `/member/ticket/${ended.fetch_code}`);
}

const chatShown = (page: Page) => page.locator('[data-testid^="chat-message"]').first();

const PUBLIC_TARGETS: Target[] = [
  { name: "landing", path: "/home", ready: (page) => page.getByTestId("landing-sign-in") },
  { name: "login", path: "/login", ready: (page) => page.locator("altcha-widget .altcha") },
  {
    // The field's error text in Mantine's error colour, raised to 4.5:1 by the theme.
    name: "login with a field error",
    path: "/login",
    ready: (page) => page.locator("altcha-widget .altcha"),
    act: async (page) => {
      await page.locator("input[type=email]").fill("not-an-e-mail");
      await page.locator("input[type=password]").fill("something");
      await page.locator("form button[type=submit]").click();
      await expect(page.locator("input[type=email][aria-invalid=true]")).toBeVisible();
      await expect(page.locator("[id$='-error']").first()).toBeVisible();
    },
  },
  { name: "public FAQ", path: "/faq", ready: (page) => page.getByTestId("faq-list") },
  { name: "temporary ticket form", path: "/ticket", ready: (page) => page.getByTestId("temporary-ticket-form") },
  { name: "ticket access", path: "/ticket?tab=find", ready: (page) => page.getByTestId("find-ticket-form") },
  { name: "set-password", path: madePath("setup"), ready: (page) => page.locator("input[type=password]").first() },
  { name: "temporary ticket", path: madePath("temporary"), ready: chatShown },
];

const MEMBER_TARGETS: Target[] = [
  { name: "member home", path: "/member/home", ready: (page) => page.getByTestId("home-create-ticket") },
  { name: "create ticket", path: "/member/create-ticket", ready: (page) => page.getByTestId("character-select") },
  { name: "history", path: "/member/ticket-history", ready: (page) => page.getByTestId("history-table") },
  { name: "open ticket with chat", path: madePath("open"), ready: chatShown },
  { name: "ended ticket with chat", path: madePath("ended"), ready: chatShown },
  { name: "member FAQ", path: "/member/faq", ready: (page) => page.getByTestId("faq-list") },
];

/**
 * Signs player1 in within the browser context (its cookie jar is the page's), solving the bot
 * check in Node as the widget would; answers the player's id.
 */
async function signInPlayer(context: BrowserContext): Promise<number> {
  await context.request.get("/api/config/public");
  const challenge = await (await context.request.get("/api/captcha/challenge")).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captchaToken = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString("base64");
  const csrf = (await context.cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? "";
  const { email, password } = ACCOUNTS.player;
  const login = await context.request.post("/auth/login", {
    data: { username: email, password, captchaToken },
    headers: { [CSRF_HEADER]: csrf },
  });
  expect(login.status(), await login.text()).toBe(200);
  const pulse = await (await context.request.get("/auth/pulse-check")).json();
  const id = decodeIdToken(pulse.id_token)?.id;
  if (id === undefined) throw new Error("no session after sign-in");
  return id;
}

/** A browser in the variant's colour scheme, its language stored as the app stores a choice. */
async function openContext(browser: Browser, variant: Variant, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    colorScheme: variant.colorScheme,
    storageState: { cookies: [], origins: [] },
  });
  const userId = signedIn ? await signInPlayer(context) : null;
  await context.addInitScript(
    ({ keys, language }) => {
      for (const key of keys) localStorage.setItem(key, language);
    },
    {
      keys: [STORAGE_KEYS.anonymousLanguage, ...(userId === null ? [] : [STORAGE_KEYS.language(userId)])],
      language: variant.language,
    },
  );
  return context;
}

async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.getByTestId("language-picker").click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/** Opens the page in the variant and answers its serious and critical violations, described. */
async function audit(page: Page, variant: Variant, target: Target): Promise<string[]> {
  const path = typeof target.path === "string" ? target.path : target.path();
  await page.goto(path);
  // The chat arrives over the socket; on a starved machine its first connection can drop, and a
  // reload (as a person would do) is fairer than failing an accessibility check on it.
  const shown = await target
    .ready(page)
    .waitFor({ state: "visible", timeout: 30_000 })
    .then(
      () => true,
      () => false,
    );
  if (!shown) await page.reload();
  await expect(target.ready(page), `${target.name} shows its content`).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("main-loader")).toHaveCount(0);
  await expect(page.getByTestId("page-loader")).toHaveCount(0);
  // A temporary visitor's ticket speaks its account's language (the guest's is English): the visitor
  // picks the variant's language in the header, as a person would.
  if ((await page.locator("html").getAttribute("lang")) !== variant.language) {
    await chooseLanguage(page, variant.language);
  }
  // The variant really holds: the test would prove nothing on the wrong theme or language.
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", variant.colorScheme);
  await expect(page.locator("html")).toHaveAttribute("lang", variant.language);
  await expect(page.locator("html")).toHaveAttribute("dir", variant.language === "ar" ? "rtl" : "ltr");
  await target.act?.(page);
  return blockingViolations(page, `${variant.name} ${target.name} (${path})`);
}

for (const variant of VARIANTS) {
  test.describe(`axe, ${variant.name}`, () => {
    let visitor: BrowserContext;
    let player: BrowserContext;
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(180_000);
      await makePaths();
      visitor = await openContext(browser, variant, false);
      player = await openContext(browser, variant, true);
    });
    test.afterAll(async () => {
      await visitor?.close();
      await player?.close();
    });

    for (const [area, targets] of [
      ["public", PUBLIC_TARGETS],
      ["player", MEMBER_TARGETS],
    ] as const) {
      for (const target of targets) {
        test(`${area}: ${target.name}`, async () => {
          // axe walks the whole page; on a busy machine that alone can take most of a minute.
          test.setTimeout(150_000);
          const page = await (area === "public" ? visitor : player).newPage();
          try {
            const found = await audit(page, variant, target);
            expect(found, found.join("\n")).toEqual([]);
          } finally {
            // The guest's account keeps a language chosen on its ticket: give it back its English.
            if (target.name === "temporary ticket" && variant.language !== "en") {
              await chooseLanguage(page, "en").catch(() => {});
            }
            await page.close();
          }
        });
      }
    }
  });
}
