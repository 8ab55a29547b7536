/**
 * The player's chat reads like a messenger, on a 1280×800 screen. Consecutive lines of
 * one sender share one header and today's times are relative; the reply box is in view when the
 * ticket opens; sending scrolls the chat, never the window; one's own lines offer no Reply arrow;
 * a quote of one's own line says "You", as the bubbles do.
 */
import { expect, type Locator, test } from "@playwright/test";
import { encodeFetchCode } from "../common/ticket-code.ts";
import { freshMember } from "./support/freshMember.ts";
import { signInThroughApi } from "./support/staffApi.ts";

/** How far the chat's viewport is from its end, in px. */
const distanceFromEnd = (viewport: Locator) =>
  viewport.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

test("the player's chat groups lines, keeps the reply box in view and scrolls only itself", async ({ browser }) => {
  test.setTimeout(240_000); // a ticket, then a dozen messages
  // A member of this test's own: the demo's player1 files in other specs, and three tickets in ten
  // minutes is the filing limit.
  const member = await freshMember(browser, {
    name: "Messenger",
    character: "Swordbearer",
    contextOptions: { viewport: { width: 1280, height: 800 } },
  });
  const { context } = member;
  const _playerApi = context.request;
  const { id: ticketId } = await member.fileTicket(`Messenger test ${Date.now()}`);
  const chatId = `chat-${ticketId}`;
  const page = await context.newPage();
  const api = await signInThroughApi("mod");
  try {
    // Enough staff lines, in quick succession, to overflow the chat several times.
    for (let i = 1; i <= 8; i++)
      await api.post("/api/new-chat-message", { chatId, message: `Staff line ${i}\nsecond row\nthird row` });

    await page.goto(`/member/ticket/${encodeFetchCode({ ticketId })}`);
    const panel = page.getByTestId("chat-panel");
    const staffLines = panel.getByTestId("chat-message-staff");
    // The app boots (session, permissions, languages) before the chat loads: slow on a busy machine.
    await expect(staffLines).toHaveCount(8, { timeout: 90_000 });

    // The reply box and Send are in view at once, and the window was not scrolled to show them.
    await expect(page.getByTestId("reply-input")).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("send-message")).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const viewport = panel.locator(".mantine-ScrollArea-viewport");
    await expect.poll(() => distanceFromEnd(viewport)).toBeLessThanOrEqual(50);

    // One header for the group: the first line has it, the seven that follow within minutes do not.
    await expect(staffLines.first()).not.toHaveAttribute("data-continued");
    await expect(staffLines.first().getByTestId("chat-line-header")).toBeVisible();
    await expect(staffLines.first().getByTestId("chat-line-header")).toContainText("GM");
    for (let i = 1; i < 8; i++) {
      await expect(staffLines.nth(i)).toHaveAttribute("data-continued", "true");
      await expect(staffLines.nth(i).getByTestId("chat-line-header")).toBeHidden();
    }
    // Today's time is relative ("now", "12 seconds ago", "1 minute ago"); the full date stays in the title.
    const time = staffLines.first().getByTestId("chat-time");
    await expect(time).toHaveText(/^(now|\d+ (second|minute)s? ago)$/);
    await expect(time).toHaveAttribute("title", /^\d\d:\d\d \d\d\.\d\d\.\d{4}$/);

    // The player answers the last staff line through its Reply arrow; sending moves the chat, not the window.
    const scrollTopBefore = await viewport.evaluate((el) => el.scrollTop);
    await staffLines.last().getByTestId("chat-reply").click();
    await expect(panel.getByTestId("reply-preview")).toContainText("Staff line 8");
    await page.getByTestId("reply-input").fill("Thanks, the sword is back.");
    await page.getByTestId("reply-input").press("Enter");
    const own = panel.getByTestId("chat-message-own");
    await expect(own).toHaveCount(1);
    await expect(own).toContainText("Thanks, the sword is back.");
    // The player's quote of a staff line names the staff side as that line does.
    await expect(own.getByTestId("chat-quote-name")).not.toHaveText("You");
    await expect(own).not.toHaveAttribute("data-continued");
    await expect(own.getByTestId("chat-line-header")).toContainText("You");
    await expect.poll(() => distanceFromEnd(viewport)).toBeLessThanOrEqual(50);
    expect(await viewport.evaluate((el) => el.scrollTop)).toBeGreaterThan(scrollTopBefore);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByTestId("reply-input")).toBeInViewport({ ratio: 1 });

    // No Reply arrow on one's own line; the staff lines keep theirs.
    await expect(own.getByTestId("chat-reply")).toHaveCount(0);
    await expect(staffLines.first().getByTestId("chat-reply")).toHaveCount(1);

    // Staff quote the player's line: the player reads the quote as "You", like the bubble.
    const ownId = Number(await own.getAttribute("data-message-id"));
    await api.post("/api/new-chat-message", {
      chatId,
      message: "Glad to hear it.",
      reply_to: JSON.stringify({ id: ownId }),
    });
    const quoting = staffLines.filter({ hasText: "Glad to hear it." });
    await expect(quoting).toHaveCount(1);
    await expect(quoting.getByTestId("chat-quote-name")).toHaveText("You");
    await expect(quoting.getByTestId("chat-quote")).toContainText("Thanks, the sword is back.");
    // A new sender after the player's line starts a new group with its own header.
    await expect(quoting).not.toHaveAttribute("data-continued");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  } finally {
    await api.dispose();
    await context.close();
  }
});
