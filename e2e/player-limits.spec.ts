/**
 * The filing limits, as a player meets them: a capped and a banned member read why they cannot
 * file the moment /member/create-ticket opens (no form to fill, no bot check to solve); a bad
 * file among good ones is refused alone and by name; a failed ticket look-up is told in the
 * visitor's language.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, request, test } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { CSRF_COOKIE, CSRF_HEADER, STORAGE_KEYS } from "../common/constants.ts";
import { ACCOUNTS, BASE_URL, DEMO_PASSWORD, INTEGRATION_API_KEY } from "./support/env.ts";
import { player1Tickets } from "./support/playerTicket.ts";

// Each test signs in on its own page (argon2 and the proof of work), which a loaded machine slows.
test.describe.configure({ timeout: 180_000 });

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A new member from the game's integration call, with one character on Europe 1. */
async function createMember(email: string): Promise<void> {
  const context = await request.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  const response = await context.post("/api/integration/upsert-member", {
    headers: { Authorization: `Bearer ${INTEGRATION_API_KEY}` },
    data: {
      email,
      name: "Capped",
      language: "en",
      password: DEMO_PASSWORD,
      characters: [{ characterName: "Capper", characterLevel: 20, server: "Europe 1" }],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await context.dispose();
}

/** A solved ALTCHA challenge, as the widget would send it. */
async function captchaToken(api: APIRequestContext): Promise<string> {
  const challenge = await (await api.get("/api/captcha/challenge")).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

function csrfOf(cookies: { name: string; value: string }[]): string {
  return cookies.find((c) => c.name === CSRF_COOKIE || c.name === `__Host-${CSRF_COOKIE}`)?.value ?? "";
}

/**
 * Signs a member in through the API, solving the challenge in Node (the sign-in page is another
 * spec's subject). Given a page's request context, the page's browser shares the session.
 */
async function apiSignIn(
  api: APIRequestContext,
  cookies: () => Promise<{ name: string; value: string }[]>,
  email: string,
): Promise<void> {
  await api.get("/api/config/public");
  const token = await captchaToken(api);
  const login = await api.post("/auth/login", {
    data: { username: email, password: DEMO_PASSWORD, captchaToken: token },
    headers: { [CSRF_HEADER]: csrfOf(await cookies()) },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

async function signInAs(page: Page, email: string): Promise<void> {
  await apiSignIn(page.request, () => page.context().cookies(), email);
}

/** Files `count` tickets for the member through the API, as the form would. */
async function fileTickets(email: string, count: number): Promise<void> {
  const api = await request.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  const cookies = async () => (await api.storageState()).cookies;
  await apiSignIn(api, cookies, email);
  const listed = async (list: string) =>
    (Object.values(await (await api.get(`/api/setup/fetch-${list}`)).json())[0] ?? []) as {
      id: number;
      title: string;
    }[];
  const category = (await listed("categories")).find((c) => c.title === "Report bugs")?.id;
  const server = (await listed("servers")).find((s) => s.title === "Europe 1")?.id;
  for (let i = 0; i < count; i++) {
    const token = await captchaToken(api);
    const filed = await api.post("/api/tickets/submit-member-ticket", {
      headers: { [CSRF_HEADER]: csrfOf(await cookies()) },
      multipart: {
        category: String(category),
        server: String(server),
        characterName: "Capper",
        violatersName: "",
        subject: `Shop window empty ${i + 1}`,
        description: "The shop window stays empty after the update.",
        captchaToken: token,
      },
    });
    expect(filed.ok(), await filed.text()).toBe(true);
  }
  await api.dispose();
}

test.describe("members who cannot file are told at once", () => {
  test("a member at the active-ticket cap sees the count and what ends the cap", async ({ page }) => {
    const email = `capped${Date.now()}@example.test`;
    await createMember(email);
    await fileTickets(email, 3);
    await signInAs(page, email);
    await page.goto("/member/create-ticket");

    const notice = page.getByTestId("filing-notice");
    await expect(notice).toHaveAttribute("data-state", "active_cap", { timeout: 30_000 });
    await expect(notice).toContainText("You have 3 active tickets, and the limit is 3.");
    // The true way out: answered tickets stay active (not "wait until one is answered").
    await expect(notice).toContainText("My problem is solved");
    await expect(notice).toContainText("Answered tickets stay active");
    await expect(page.getByTestId("submit-ticket")).toBeDisabled();
    await expect(page.getByRole("textbox", { name: "Subject" })).toBeDisabled();
    await expect(page.locator("altcha-widget")).toHaveCount(0);
  });

  test("a banned member sees the ban's end before anything is typed", async ({ page }) => {
    await signInAs(page, "banned@demo.test");
    await page.goto("/member/create-ticket");
    const notice = page.getByTestId("filing-notice");
    await expect(notice).toHaveAttribute("data-state", "banned", { timeout: 30_000 });
    await expect(notice).toContainText(
      /Your account is banned from filing tickets until .*\d{2}:\d{2} \d{2}\.\d{2}\.\d{4}/,
    );
    await expect(page.getByTestId("submit-ticket")).toBeDisabled();
    await expect(page.locator("altcha-widget")).toHaveCount(0);
  });
});

test.describe("attachments", () => {
  test("the limits are said next to the button, and a bad file among good ones is refused alone", async ({ page }) => {
    await signInAs(page, ACCOUNTS.player.email);
    const dir = mkdtempSync(path.join(os.tmpdir(), "limits-e2e-"));
    try {
      // One byte over the server's 50 MB limit; a sparse file, so nothing large is written.
      const large = path.join(dir, "huge-video.png");
      execFileSync("truncate", ["-s", String(52_428_800 + 1), large]);
      await page.goto("/member/create-ticket");
      const hint = page.getByTestId("attachment-hint");
      await expect(hint).toContainText("50 MB", { timeout: 30_000 });
      await expect(hint).toContainText("JPEG, PNG, BMP, WebP, SVG, TXT, MP4, PDF, DOCX");

      const input = page.locator('input[type="file"]');
      await input.setInputFiles({ name: "first.png", mimeType: "image/png", buffer: PNG });
      await input.setInputFiles([
        { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
        { name: "tool.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") },
      ]);
      const list = page.getByTestId("attachment-list");
      const refused = page.getByTestId("attachment-refused");
      // The name sits in Unicode isolates (for right-to-left sentences): matched apart from the sentence.
      await expect(refused).toContainText("tool.exe");
      await expect(refused).toContainText("was not added: this file type is not accepted.");
      await expect(list).toContainText("first.png");
      await expect(list).toContainText("notes.txt");
      await expect(list).not.toContainText("tool.exe");

      await input.setInputFiles(large);
      await expect(refused).toContainText("huge-video.png");
      await expect(refused).toContainText("was not added: it is larger than");
      await expect(refused).toContainText("50 MB");
      await expect(refused).not.toContainText("tool.exe");
      await expect(list).toContainText("first.png");
      await expect(list).toContainText("notes.txt");
      await expect(list).not.toContainText("huge-video.png");
      await expect(hint).toContainText("2/5 files");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe("a file the server refuses", () => {
  test("after the picker's checks passed, only that file goes, named; the good one stays to be sent", async ({
    page,
  }) => {
    await signInAs(page, ACCOUNTS.player.email);
    const open = (await player1Tickets()).find((t) => t.status !== "RESOLVED" && t.status !== "CLOSED");
    if (!open) throw new Error("player1 needs an open ticket in the demo seed");
    await page.goto(`/member/ticket/${open.fetch_code}`);
    await expect(page.getByTestId("reply-box")).toBeVisible({ timeout: 60_000 });
    const input = page.getByTestId("reply-box").locator('input[type="file"]');
    // A program named and typed as a PNG: the picker lets it through, the server reads its bytes.
    const program = Buffer.concat([Buffer.from("4d5a90000300000004000000ffff0000", "hex"), Buffer.alloc(200)]);
    await input.setInputFiles([
      { name: "good.png", mimeType: "image/png", buffer: PNG },
      { name: "disguised.png", mimeType: "image/png", buffer: program },
    ]);
    const list = page.getByTestId("attachment-list");
    await expect(list).toContainText("disguised.png");
    await page.getByTestId("reply-input").fill("Two screenshots of the bug.");
    const refusedCall = page.waitForResponse((r) => r.url().endsWith("/api/new-chat-message"));
    await page.getByTestId("send-message").click();
    expect((await refusedCall).status()).toBe(415);
    const refused = page.getByTestId("attachment-refused");
    await expect(refused).toContainText("disguised.png");
    await expect(refused).toContainText("was not added: this file type is not accepted.");
    await expect(list).toContainText("good.png");
    await expect(list).not.toContainText("disguised.png");
    // The text stays too, and the good file goes out with it on the next try.
    await expect(page.getByTestId("reply-input")).toHaveValue("Two screenshots of the bug.");
    const sentCall = page.waitForResponse((r) => r.url().endsWith("/api/new-chat-message"));
    await page.getByTestId("send-message").click();
    expect((await sentCall).status()).toBe(200);
    await expect(
      page.locator('[data-testid^="chat-message-"]').filter({ hasText: "Two screenshots of the bug." }),
    ).toHaveCount(1);
  });
});

test.describe("a failed look-up in the visitor's language", () => {
  for (const [language, text] of [
    ["de", "Zu dieser Ticketnummer und E-Mail-Adresse wurde kein Ticket gefunden."],
    ["ar", "لم يتم العثور على تذكرة بهذا الرقم وهذا البريد الإلكتروني."],
  ] as const) {
    test(`"Find my ticket" with a wrong id, in ${language}`, async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        STORAGE_KEYS.anonymousLanguage,
        language,
      ] as const);
      await page.goto("/ticket?tab=find");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const form = page.getByTestId("find-ticket-form");
      await form.locator("input").nth(0).fill("999999999");
      await form.locator("input").nth(1).fill("nobody@example.test");
      await page.getByTestId("find-ticket").click();
      await expect(page.getByTestId("find-error")).toHaveText(text);
      if (language === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    });
  }
});
