/**
 * The chat panel's reading aids on the staff ticket page (spec/2-staff-ticket-work.md §9), in a real browser: a swipe
 * on a message (mouse pointer and touch) quotes it in the reply box; scrolling up shows the
 * scroll-to-bottom button, a new message while scrolled up does not move the view, and the button
 * goes back to the end.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { CSRF_COOKIE, CSRF_HEADER } from "../common/constants.ts";
import { storageStatePath } from "./support/env.ts";
import { playerWithTicket, staffTicketPath } from "./support/playerTicket.ts";
import { signInThroughApi } from "./support/staffApi.ts";

/** How far the viewport is from its end, in px. */
const distanceFromEnd = (viewport: Locator) =>
  viewport.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

/** Drags from the middle of `target` towards the inline end by `dx` px, with a mouse. */
async function mouseSwipe(page: Page, target: Locator, dx: number, check?: () => Promise<void>) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 12 });
  await check?.();
  await page.mouse.up();
}

/** The same drag with a finger, through Chromium's touch input (pointer events of type touch). */
async function touchSwipe(page: Page, target: Locator, dx: number) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= 12; step++)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + (dx * step) / 12, y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("swipe to reply, and the scroll-to-bottom button that never yanks the view", async ({ browser }) => {
  test.setTimeout(120_000); // files a ticket through the form, then two pages and a dozen messages
  const player = await playerWithTicket(browser, `Scroll test ${Date.now()}`);
  const chatId = `chat-${player.ticketId}`;
  const api = await signInThroughApi("mod");
  const staffContext = await browser.newContext({ storageState: storageStatePath("mod"), hasTouch: true });
  const page = await staffContext.newPage();
  try {
    // Enough lines to overflow the 500 px chat area several times.
    for (let i = 1; i <= 10; i++)
      await api.post("/api/new-chat-message", { chatId, message: `Line ${i}\nsecond row\nthird row\nfourth row` });
    await page.goto(await staffTicketPath(player.ticketId));
    const panel = page.getByTestId("staff-chat-panel");
    const viewport = panel.locator(".mantine-ScrollArea-viewport");
    const lines = panel.getByTestId("staff-chat-message-staff");
    await expect(lines).toHaveCount(10, { timeout: 30_000 });
    await expect.poll(() => distanceFromEnd(viewport)).toBeLessThanOrEqual(50);
    await expect(panel.getByTestId("staff-chat-scroll-end")).toHaveCount(0);

    // A short drag shows the icon past 40 px but does not reply; a long one (> 100 px) quotes.
    const last = lines.last().getByTestId("staff-chat-text");
    await mouseSwipe(page, last, 70, async () => {
      await expect(panel.getByTestId("swipe-reply-icon")).toBeVisible();
    });
    await expect(panel.getByTestId("staff-reply-preview")).toHaveCount(0);
    await mouseSwipe(page, last, 140);
    await expect(panel.getByTestId("staff-reply-preview")).toContainText("Line 10");
    await panel.getByRole("button", { name: "Cancel reply" }).click();
    await expect(panel.getByTestId("staff-reply-preview")).toHaveCount(0);
    await touchSwipe(page, lines.nth(8).getByTestId("staff-chat-text"), 140);
    await expect(panel.getByTestId("staff-reply-preview")).toContainText("Line 9");

    // Scrolled up: the button shows.
    await viewport.evaluate((el) => {
      el.scrollTop = 0;
    });
    const button = panel.getByTestId("staff-chat-scroll-end");
    await expect(button).toBeVisible();

    // A new message while scrolled up arrives but leaves the view where the reader put it.
    await api.post("/api/new-chat-message", { chatId, message: "Line 11 arrives while you read" });
    await expect(lines).toHaveCount(11);
    // A follow-scroll runs as the line is drawn; two frames later any scroll it caused has landed.
    await viewport.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    expect(await viewport.evaluate((el) => el.scrollTop)).toBe(0);
    await expect(button).toBeVisible();

    // The button goes to the end, and hides there.
    await button.click();
    await expect.poll(() => distanceFromEnd(viewport)).toBeLessThanOrEqual(50);
    await expect(lines.last()).toBeInViewport();
    await expect(button).toHaveCount(0);
  } finally {
    await api.dispose();
    await staffContext.close();
    // The player marks it solved, so the demo player's cap of active tickets stays free for the
    // other specs that file as him.
    const cookies = await player.context.cookies();
    const token = cookies.find((c) => c.name === CSRF_COOKIE || c.name === `__Host-${CSRF_COOKIE}`)?.value ?? "";
    const solved = await player.page.request.post("/api/tickets/submit-ticket-complete-member", {
      data: { ticket_id: player.ticketId },
      headers: { [CSRF_HEADER]: token },
    });
    expect(solved.status()).toBe(200);
    await player.context.close();
  }
});
