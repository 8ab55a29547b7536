/**
 * The player and public pages on a 390 px phone (the `phone` project: 390×844, touch,
 * device scale 3). No page scrolls sideways; the history shows cards; the ticket page shows the
 * conversation first with the details folded; the header's navigation is a menu.
 */
import { expect, type Page, test } from "@playwright/test";
import { encodeFetchCode, encodeTicketInfo } from "../common/ticket-code.ts";
import { storageStatePath } from "./support/env.ts";
import { player1Tickets } from "./support/playerTicket.ts";
import { signInThroughApi } from "./support/staffApi.ts";

/** The page is no wider than the phone: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const width = page.viewportSize()?.width ?? 390;
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(sizes.scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(sizes.inner);
  // Mobile Chromium widens the layout viewport to fit a page that overflows; the phone stays 390.
  expect(sizes.inner, `${what} widened the viewport`).toBeLessThanOrEqual(width);
}

/** The demo's temporary user's ticket (guest@demo.test), as the link in its e-mail opens it. */
async function guestTicketPath(): Promise<string> {
  const staff = await signInThroughApi("mod");
  try {
    for (let id = 1; id <= 80; id++) {
      const found = await staff
        .post<{ ticket: { email: string } }>("/api/tickets/fetch-ticket", { ticket_id: id })
        .catch(() => null);
      if (found?.ticket.email === "guest@demo.test")
        return `/ticket/${encodeTicketInfo({ ticketId: id, email: found.ticket.email })}`;
    }
  } finally {
    await staff.dispose();
  }
  throw new Error("the demo seed has no ticket of guest@demo.test");
}

test.describe("public pages", () => {
  test("no public page scrolls sideways", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    try {
      for (const [path, ready] of [
        ["/home", "landing"],
        ["/login", "login"],
        ["/faq", "faq"],
        ["/ticket", "temporary form"],
        ["/ticket?tab=find", "ticket access"],
      ] as const) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expect(page.locator("main h2, main h1").first()).toBeVisible({ timeout: 30_000 });
        await expectNoSidewaysScroll(page, ready);
      }
      await page.goto(await guestTicketPath());
      await expect(page.getByTestId("chat-panel")).toBeVisible({ timeout: 60_000 });
      await expectNoSidewaysScroll(page, "temporary ticket page");
    } finally {
      await context.close();
    }
  });
});

test.describe("member pages", () => {
  test.use({ storageState: storageStatePath("player") });

  test("no member page scrolls sideways", async ({ page }) => {
    for (const [path, what] of [
      ["/member/home", "member home"],
      ["/member/create-ticket", "create ticket"],
      ["/member/ticket-history", "history"],
      ["/member/faq", "member faq"],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("main h2, main h1").first()).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page, what);
    }
    const ticket = (await player1Tickets())[0]!;
    await page.goto(`/member/ticket/${encodeFetchCode({ ticketId: ticket.id })}`);
    await expect(page.getByTestId("chat-panel")).toBeVisible({ timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page, "member ticket page");
  });

  test("the header's links fold into a menu that navigates", async ({ page }) => {
    await page.goto("/member/home");
    const button = page.getByTestId("nav-menu-button");
    await expect(button).toBeVisible({ timeout: 30_000 });
    // The desktop bar's links are not shown beside it.
    await expect(page.locator("header nav").getByRole("link", { name: "Ticket history" })).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.tap();
    const menu = page.getByTestId("nav-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText(["Home", "Create ticket", "Ticket history", "FAQ"]);
    await expect(menu.getByRole("menuitem", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await menu.getByRole("menuitem", { name: "Ticket history" }).tap();
    await page.waitForURL("**/member/ticket-history");
    await expect(menu).toBeHidden();
    await expectNoSidewaysScroll(page, "history after the menu");
  });

  test("the history shows cards, and the ticket page the conversation first with folded details", async ({ page }) => {
    await page.goto("/member/ticket-history");
    const cards = page.getByTestId("history-card");
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("history-table")).toBeHidden();
    const first = (await player1Tickets())[0]!;
    const card = cards.filter({ hasText: `#${first.createdAt}` });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("ticket-status")).toBeVisible();
    await card.tap();
    await page.waitForURL(/\/member\/ticket\/[^/]+$/);

    const chat = page.getByTestId("chat-panel");
    const details = page.getByTestId("ticket-details");
    await expect(chat).toBeVisible({ timeout: 60_000 });
    // The conversation comes before the details and the description.
    const chatBox = (await chat.boundingBox())!;
    const detailsBox = (await details.boundingBox())!;
    const descriptionBox = (await page.getByTestId("ticket-description").boundingBox())!;
    expect(chatBox.y).toBeLessThan(detailsBox.y);
    expect(chatBox.y).toBeLessThan(descriptionBox.y);
    // The chat fits the screen: its reply box (or the ended notice) shows without scrolling.
    await expect(page.getByTestId("reply-box").or(page.getByTestId("chat-ended"))).toBeInViewport();
    // The details are folded to one line with the status, and open on a tap.
    const toggle = page.getByTestId("ticket-details-toggle");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle.getByTestId("ticket-status")).toBeVisible();
    await expect(details.getByText("Ticket number")).toBeHidden();
    await toggle.tap();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(details.getByText("Ticket number")).toBeVisible();
    await expect(details).toContainText(`#${first.createdAt}`);
    await expectNoSidewaysScroll(page, "ticket page with open details");
  });
});
