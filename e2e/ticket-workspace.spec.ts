/**
 * The staff ticket page as a workspace (docs/decisions/ticket-workspace.md), on a ticket of the
 * test's own with a long conversation: at 1280×800 and 1440×900 the newest message and the reply
 * box are in view as the page opens, with the details pane beside the conversation (mirrored in
 * Arabic), and under it at 1024×768; the notes are one click away, yellow and staff-only; `/` in
 * the reply box offers the quick replies, and the button beside it too, each giving the focus back
 * to the box; `r` and `n` go to the reply and note boxes; on a phone the conversation comes first,
 * the details are in a drawer and nothing scrolls sideways, long system lines included; axe finds
 * nothing serious in light, dark and Arabic. */
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER, STORAGE_KEYS } from "../common/constants.ts";
import { decodeIdToken } from "../common/schemas/auth.ts";
import { blockingViolations } from "./support/axe.ts";
import { storageStatePath } from "./support/env.ts";
import { type FreshMember, freshMember } from "./support/freshMember.ts";
import { staffTicketPath } from "./support/playerTicket.ts";
import { type StaffApi, signInThroughApi } from "./support/staffApi.ts";

const GREETING = "Hello, thank you for contacting support. We are looking into it.";
/** Lines in the conversation: several times what any of the tested windows shows. */
const LINES = 24;

interface Ticket {
  member: FreshMember;
  id: number;
  path: string;
}

/**
 * A member of the test's own files a payment ticket (its category has a quick reply of its own
 * besides the general one); the player and the mod then write LINES lines.
 */
async function ticketWithConversation(browser: Browser, mod: StaffApi): Promise<Ticket> {
  const member = await freshMember(browser, { name: "Chatty", character: "Talker" });
  const api = member.context.request;
  const setup = async (path: string, key: string) =>
    (await (await api.get(path)).json())[key] as { id: number; title: string }[];
  const category = (await setup("/api/setup/fetch-categories", "categories")).find(
    (c) => c.title === "Payment problems",
  );
  const server = (await setup("/api/setup/fetch-servers", "servers")).find((c) => c.title === "Europe 1");
  const filed = await api.post("/api/tickets/submit-member-ticket", {
    data: {
      category: category?.id ?? 0,
      server: server?.id ?? 0,
      characterName: "Talker",
      subject: `Workspace ${Date.now()}`,
      description: "My quest log is empty since the last patch.",
      captchaToken: await member.captcha(),
    },
    headers: { [CSRF_HEADER]: await member.csrf() },
  });
  expect(filed.status()).toBe(200);
  const { ticket } = (await filed.json()) as { ticket: { id: number } };
  const chatId = `chat-${ticket.id}`;
  for (let i = 1; i <= LINES; i++) {
    const message = `Line ${i}\nsecond row\nthird row`;
    if (i % 2) {
      const sent = await api.post("/api/new-chat-message", {
        data: { chatId, message },
        headers: { [CSRF_HEADER]: await member.csrf() },
      });
      expect(sent.status()).toBe(200);
    } else await mod.post("/api/new-chat-message", { chatId, message });
  }
  return { member, id: ticket.id, path: await staffTicketPath(ticket.id) };
}

let mod: StaffApi;
let ticket: Ticket;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  mod = await signInThroughApi("mod");
  ticket = await ticketWithConversation(browser, mod);
});
test.afterAll(async () => {
  await ticket?.member.context.close();
  await mod?.dispose();
});

/** The mod's page of the test's ticket in a window of the given size, once the newest line is drawn. */
async function openTicket(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { colorScheme?: "light" | "dark"; language?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    storageState: storageStatePath("mod"),
    viewport,
    colorScheme: options.colorScheme ?? "light",
  });
  if (options.language) {
    // The language as the app keeps a choice (this browser's storage only, not the account's).
    const pulse = await (await context.request.get("/auth/pulse-check")).json();
    const userId = decodeIdToken(pulse.id_token)?.id;
    if (userId === undefined) throw new Error("the mod is not signed in");
    await context.addInitScript(({ key, language }) => localStorage.setItem(key, language), {
      key: STORAGE_KEYS.language(userId),
      language: options.language,
    });
  }
  const page = await context.newPage();
  await page.goto(ticket.path);
  // Every line written so far is drawn (other tests of the file may add some).
  await expect.poll(() => messageLines(page).count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(LINES);
  return { context, page };
}

const chatPanel = (page: Page) => page.getByTestId("staff-chat-panel");
const messageLines = (page: Page) => chatPanel(page).locator('[data-testid^="staff-chat-message-"]');
const newestLine = (page: Page) => messageLines(page).last();
const replyInput = (page: Page) => page.getByTestId("staff-reply-input");

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`${viewport.width}×${viewport.height}: the newest message and the reply box are in view as the ticket opens, the details beside them`, async ({
    browser,
  }) => {
    const { context, page } = await openTicket(browser, viewport);
    try {
      await expect(newestLine(page)).toBeInViewport();
      await expect(replyInput(page)).toBeInViewport({ ratio: 1 });
      await expect(chatPanel(page).getByTestId("staff-send")).toBeInViewport({ ratio: 1 });
      // Nothing was scrolled to get there: the page does not scroll, the chat did by itself.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The earliest lines are above, in the chat's own scroll.
      await expect(messageLines(page).first()).not.toBeInViewport();

      // The details pane stands beside the conversation, in view from top to actions.
      const conversation = (await page.getByTestId("ticket-conversation").boundingBox())!;
      const details = (await page.getByTestId("ticket-details-pane").boundingBox())!;
      expect(details.x).toBeGreaterThanOrEqual(conversation.x + conversation.width);
      expect(details.y).toBeCloseTo(conversation.y, 0);
      await expect(page.getByTestId("ticket-actions")).toBeInViewport();
      await expect(page.getByTestId("ticket-page-status")).toBeInViewport();
      // The conversation's head: the subject, and the description as its first item.
      await expect(page.getByTestId("ticket-page-subject")).toHaveText(/^Workspace \d+$/);
      await expect(page.getByTestId("ticket-page-subject")).toBeInViewport();
      await expect(chatPanel(page).getByTestId("ticket-description")).toContainText("My quest log is empty");
    } finally {
      await context.close();
    }
  });
}

test("between a phone and 1280 px the details come under the conversation", async ({ browser }) => {
  const { context, page } = await openTicket(browser, { width: 1024, height: 768 });
  try {
    await expect(newestLine(page)).toBeInViewport();
    await expect(replyInput(page)).toBeInViewport({ ratio: 1 });
    const conversation = (await page.getByTestId("ticket-conversation").boundingBox())!;
    const details = (await page.getByTestId("ticket-details-pane").boundingBox())!;
    expect(details.y).toBeGreaterThanOrEqual(conversation.y + conversation.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByTestId("ticket-info").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("ticket-info")).toBeInViewport();
  } finally {
    await context.close();
  }
});

test("the notes are one click away, yellow and for staff only", async ({ browser }) => {
  const { context, page } = await openTicket(browser, { width: 1440, height: 900 });
  try {
    const notes = page.getByTestId("notes-panel");
    await expect(notes).toBeHidden();
    await page.getByTestId("tab-notes").click();
    await expect(notes).toBeVisible();
    await expect(page.getByTestId("tab-notes")).toHaveAttribute("aria-selected", "true");
    const banner = notes.getByTestId("notes-staff-only");
    await expect(banner).toHaveText("Only staff see these notes.");

    const text = `Checked the quest logs ${Date.now()}`;
    await notes.getByTestId("note-input").fill(text);
    await notes.getByTestId("note-send").click();
    const note = notes.getByTestId("note-item").filter({ hasText: text });
    await expect(note).toBeInViewport();
    // One's own note is yellow, the banner's yellow (the theme's light yellow, not a plain card).
    const yellow = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(yellow).not.toBe("rgba(0, 0, 0, 0)");
    await expect(note).toHaveCSS("background-color", yellow);
    await expect(page.getByTestId("tab-notes-count")).toHaveText(/^[1-9]\d*$/);

    // A message arrives meanwhile; back in the chat, it is in view above the reply box.
    const late = `Arrived while in the notes ${Date.now()}`;
    await mod.post("/api/new-chat-message", { chatId: `chat-${ticket.id}`, message: late });
    // The hidden chat still takes lines live.
    await expect(newestLine(page)).toContainText(late);
    await page.getByTestId("tab-chat").click();
    await expect(notes).toBeHidden();
    await expect(replyInput(page)).toBeInViewport({ ratio: 1 });
    await expect(newestLine(page)).toBeInViewport();

    // The Notes tab says how many there are before it is opened.
    await page.reload();
    await expect(page.getByTestId("tab-chat")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("tab-notes-count")).toHaveText(/^[1-9]\d*$/);
  } finally {
    await context.close();
  }
});

test("/ in the reply box offers the quick replies, filters, inserts and keeps the focus; so does the button", async ({
  browser,
}) => {
  const { context, page } = await openTicket(browser, { width: 1280, height: 800 });
  try {
    const input = replyInput(page);
    const lineCount = await messageLines(page).count();
    const list = page.getByTestId("quick-reply-slash");
    const options = list.getByTestId("quick-reply-slash-option");

    // A / inside a line is text.
    await input.click();
    await input.pressSequentially("see a/b");
    await expect(list).toBeHidden();
    await input.fill("");

    // A / at a line's start opens the list; the words after it filter.
    await input.pressSequentially("Hi there,");
    await input.press("Shift+Enter");
    await input.pressSequentially("/");
    await expect(list).toBeVisible();
    await expect(options.filter({ hasText: "Greeting" })).toHaveCount(1);
    const all = await options.count();
    await input.pressSequentially("greet");
    await expect(options).toHaveCount(1);
    expect(all).toBeGreaterThan(1);
    await expect(options.first()).toContainText("Greeting");

    // Escape closes it for this /, whatever is typed after.
    await input.press("Escape");
    await expect(list).toBeHidden();
    await input.pressSequentially(" ");
    await expect(list).toBeHidden();
    await input.press("Backspace");

    // A new / opens it again: the arrows move, Enter picks, the reply replaces the /.
    await input.press("Shift+Enter");
    await input.pressSequentially("/");
    await expect(options).toHaveCount(all);
    const second = (await options.nth(1).locator("p").nth(1).textContent()) ?? "";
    expect(second).not.toBe("");
    await input.press("ArrowDown");
    await input.press("Enter");
    await expect(list).toBeHidden();
    await expect(input).toHaveValue(`Hi there,\n/greet\n${second}`);
    // Words after the /: Enter takes the first that fits, in place of the /words.
    await input.press("Shift+Enter");
    await input.pressSequentially("/greet");
    await expect(options).toHaveCount(1);
    await input.press("Enter");
    await expect(list).toBeHidden();
    await expect(input).toHaveValue(`Hi there,\n/greet\n${second}\n${GREETING}`);
    await expect(input).toBeFocused();
    const caret = await input.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.value.length]);
    expect(caret[0]).toBe(caret[1]);
    // Nothing was sent on the way.
    await expect(messageLines(page)).toHaveCount(lineCount);

    // The button opens the same replies; a pick goes into the box, which takes the focus back.
    await input.fill("");
    await page.getByTestId("quick-reply-button").click();
    const panel = page.getByTestId("quick-reply-panel");
    await expect(panel.getByTestId("quick-reply-search")).toBeFocused();
    await panel.getByTestId("quick-reply-search").fill("greet");
    await panel.getByTestId("quick-reply-item").filter({ hasText: "Greeting" }).click();
    await expect(panel).toHaveCount(0);
    await expect(input).toHaveValue(GREETING);
    await expect(input).toBeFocused();
    // Escape closes the panel and gives the focus back to its button.
    await page.getByTestId("quick-reply-button").click();
    await expect(panel.getByTestId("quick-reply-search")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId("quick-reply-button")).toBeFocused();
  } finally {
    await context.close();
  }
});

test("r goes to the reply box and n to the note box, opening the notes", async ({ browser }) => {
  const { context, page } = await openTicket(browser, { width: 1280, height: 800 });
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  try {
    await blur();
    await page.keyboard.press("n");
    await expect(page.getByTestId("tab-notes")).toHaveAttribute("aria-selected", "true");
    const note = page.getByTestId("note-input");
    await expect(note).toBeFocused();
    // Typed in a field, the letters are the field's.
    await page.keyboard.type("rn");
    await expect(note).toHaveValue("rn");
    await expect(page.getByTestId("tab-notes")).toHaveAttribute("aria-selected", "true");

    await blur();
    await page.keyboard.press("r");
    await expect(page.getByTestId("tab-chat")).toHaveAttribute("aria-selected", "true");
    await expect(replyInput(page)).toBeFocused();
    await expect(replyInput(page)).toHaveValue("");
    // The note's draft is still there.
    await blur();
    await page.keyboard.press("n");
    await expect(note).toHaveValue("rn");
    await expect(note).toBeFocused();
  } finally {
    await context.close();
  }
});

test("on a phone the conversation comes first, the details are in a drawer, nothing scrolls sideways", async ({
  browser,
}) => {
  // A ticket of its own, banned with a long reason: a long system line in the chat.
  const own = await ticketWithConversation(browser, mod);
  const admin = await signInThroughApi("admin");
  const reason = `Repeated abuse of the support chat ${"with very long explanations ".repeat(5)}`.slice(0, 200);
  await admin.post("/api/tickets/ban-member-user", { ticket_id: own.id, ban_reason: reason, ban_time: 7 * 86_400 });
  const context = await browser.newContext({
    storageState: storageStatePath("mod"),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(own.path);
    const systemLine = chatPanel(page).getByTestId("staff-chat-system-line").filter({ hasText: "Repeated abuse" });
    await expect(systemLine).toBeVisible({ timeout: 30_000 });
    await expect(newestLine(page)).toBeInViewport();
    await expect(replyInput(page)).toBeInViewport();
    expect(await page.evaluate(() => window.innerWidth)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The long line wraps inside the chat: no sideways scroll there either.
    const viewport = chatPanel(page).locator(".mantine-ScrollArea-viewport");
    expect(await viewport.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await systemLine.boundingBox())!.height).toBeGreaterThan(30);

    // The details are not on the page, but behind the Details button.
    await expect(page.getByTestId("ticket-details-pane")).toHaveCount(0);
    await expect(page.getByTestId("ticket-info")).toHaveCount(0);
    await page.getByTestId("ticket-details-button").click();
    const drawer = page.getByTestId("ticket-details-drawer");
    await expect(drawer.getByTestId("ticket-info")).toBeVisible();
    await expect(drawer.getByTestId("ticket-actions")).toBeVisible();
    await expect(drawer.getByTestId("unban-button")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
  } finally {
    await admin.post("/api/tickets/unban-member-user", { ticket_id: own.id }).catch(() => undefined);
    await admin.dispose();
    await context.close();
    await own.member.context.close();
  }
});

for (const variant of [
  { name: "light", colorScheme: "light", language: "en" },
  { name: "dark", colorScheme: "dark", language: "en" },
  { name: "Arabic", colorScheme: "light", language: "ar" },
] as const) {
  test(`axe, ${variant.name}: nothing serious or critical on the workspace`, async ({ browser }) => {
    test.setTimeout(150_000);
    const { context, page } = await openTicket(browser, { width: 1280, height: 800 }, variant);
    try {
      const html = page.locator("html");
      await expect(html).toHaveAttribute("data-mantine-color-scheme", variant.colorScheme);
      await expect(html).toHaveAttribute("lang", variant.language);
      await expect(html).toHaveAttribute("dir", variant.language === "ar" ? "rtl" : "ltr");
      if (variant.language === "ar") {
        // Right to left, the panes mirror: the details on the left.
        const conversation = (await page.getByTestId("ticket-conversation").boundingBox())!;
        const details = (await page.getByTestId("ticket-details-pane").boundingBox())!;
        expect(details.x + details.width).toBeLessThanOrEqual(conversation.x);
      }
      const found: string[] = [];
      const audit = async (state: string) => {
        found.push(...(await blockingViolations(page, `${variant.name} ${state}`)));
      };
      await audit("chat");
      // The `/` list open over the reply box.
      await replyInput(page).fill("/");
      await expect(page.getByTestId("quick-reply-slash-option").first()).toBeVisible();
      await audit("quick replies by /");
      await replyInput(page).fill("");
      // The notes, with a yellow note of one's own.
      await page.getByTestId("tab-notes").click();
      await page.getByTestId("note-input").fill(`Axe ${variant.name} ${Date.now()}`);
      await page.getByTestId("note-send").click();
      await expect(page.getByTestId("note-input")).toHaveValue("");
      await audit("notes");
      expect(found, found.join("\n")).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
