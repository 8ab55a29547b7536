/**
 * The sidebar chat list and notifications (spec/2-staff-ticket-work.md §2, §3, §7): pin and unpin (a pinned chat asks
 * before removal), a player's reply marks the ticket in the sidebar, an assignment to another
 * staff member makes their notification appear live (toast, bell, title prefix), Mark all read.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { TIMING } from "../common/constants.ts";
import { type AccountName, storageStatePath } from "./support/env.ts";
import { freshMember } from "./support/freshMember.ts";
import { pageCall } from "./support/pageCall.ts";
import { signInThroughApi } from "./support/staffApi.ts";

interface Ticket {
  id: number;
  email: string;
  status: string;
  category: number;
  server: number;
  assignedTo: number | null;
  createdAt: number;
}

async function openAs(browser: Browser, account: AccountName, path = "/admin/dashboard"): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStatePath(account) });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

async function myId(page: Page): Promise<number> {
  const { id_token } = await pageCall<{ id_token: string }>(page, "GET", "/auth/pulse-check");
  return JSON.parse(Buffer.from(id_token, "base64url").toString()).id as number;
}

/** The demo's tickets, read one by one through the staff ticket call (ids are small and dense). */
async function demoTickets(page: Page): Promise<Ticket[]> {
  const tickets: Ticket[] = [];
  for (let id = 1; id <= 60; id++) {
    try {
      tickets.push(
        (await pageCall<{ ticket: Ticket }>(page, "POST", "/api/tickets/fetch-ticket", { ticket_id: id })).ticket,
      );
    } catch {
      // a gap in the ids
    }
  }
  return tickets;
}

const OPEN = ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED"];

/** Tickets this file filed: closed again afterwards, so that no list of open tickets keeps them. */
const filed: number[] = [];

test.afterAll(async () => {
  const admin = await signInThroughApi("admin");
  try {
    for (const ticket_id of filed) {
      await admin.post("/api/tickets/submit-ticket-complete", { ticket_id, action: "CLOSED", excuse: "e2e clean-up" });
    }
  } finally {
    await admin.dispose();
  }
});

/**
 * A member of this file's own files a fresh ticket on Europe 1 (a server the demo's mod handles);
 * answers its id and the member's page (on home), to write as the owner. Not player1: other specs
 * file as player1, and three tickets in ten minutes is the filing limit.
 */
async function fileTicketAsPlayer(browser: Browser): Promise<{ ticketId: number; player: Page }> {
  const member = await freshMember(browser, { name: "Rider", character: "Mountless" });
  const { id: ticketId } = await member.fileTicket(`Lost my mount ${Date.now()}`, {
    description: "It vanished after the last patch.",
  });
  filed.push(ticketId);
  const player = await member.context.newPage();
  await player.goto("/member/home");
  return { ticketId, player };
}

test.describe("sidebar chat list and notifications", () => {
  test.use({ storageState: storageStatePath("mod") });

  test("pin and unpin a chat; a pinned chat asks before it is removed", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const list = page.getByTestId("chat-list");
    await expect(list).toBeVisible();
    const tickets = await demoTickets(page);
    const ticket = tickets.find((t) => OPEN.includes(t.status))!;
    await pageCall(page, "POST", "/api/pin-ticket", { id: ticket.id, pinned: false });
    await pageCall(page, "POST", "/api/add-ticket-to-chat", { ticket_id: ticket.id });
    const row = page.getByTestId(`chat-row-${ticket.id}`);
    await expect(row).toHaveAttribute("data-pinned", "false");

    await row.getByTestId("chat-row-pin").click();
    await expect(row).toHaveAttribute("data-pinned", "true");
    // Pinned chats float to the top.
    await expect(list.locator("[data-testid^=chat-row-]").first()).toHaveAttribute("data-pinned", "true");
    expect(await pageCall(page, "POST", "/api/is-pinned-ticket", { id: ticket.id })).toEqual({ pinned: true });
    await page.getByTestId("chat-list-only-pinned").click();
    await expect(row).toBeVisible();
    await page.getByTestId("chat-list-only-pinned").click();

    // Removing a pinned chat asks first; cancelling keeps it.
    await row.getByTestId("chat-row-remove").click();
    await expect(page.getByText("This ticket is pinned. Remove it from your chats anyway?")).toBeVisible();
    await page.getByTestId("confirm-action-cancel").click();
    await expect(row).toBeVisible();

    // Survives a reload (the pin is stored), then unpin.
    await page.reload();
    await expect(row).toHaveAttribute("data-pinned", "true");
    await row.getByTestId("chat-row-pin").click();
    await expect(row).toHaveAttribute("data-pinned", "false");
    expect(await pageCall(page, "POST", "/api/is-pinned-ticket", { id: ticket.id })).toEqual({ pinned: false });

    // An unpinned chat goes at once.
    await row.getByTestId("chat-row-remove").click();
    await expect(row).toHaveCount(0);
  });

  test("the player's reply marks the ticket in the sidebar: green and unread", async ({ page, browser }) => {
    // The page's clock runs as usual, and can be moved past the green's ten seconds at once.
    await page.clock.install();
    await page.goto("/admin/dashboard");
    const filedTicket = await fileTicketAsPlayer(browser);
    const ticket = { id: filedTicket.ticketId };
    const player = filedTicket.player;
    await pageCall(page, "POST", "/api/add-ticket-to-chat", { ticket_id: ticket.id });
    const row = page.getByTestId(`chat-row-${ticket.id}`);
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute("data-highlighted", "false");

    await pageCall(player, "POST", "/api/new-chat-message", {
      chatId: `chat-${ticket.id}`,
      message: "Any news on this?",
    });
    await expect(row).toHaveAttribute("data-highlighted", "true");
    await expect(row).toHaveAttribute("data-unread", "true");
    await expect(row.getByTestId("chat-row-unread")).toBeVisible();
    await page.getByTestId("chat-list-only-unread").click();
    await expect(row).toBeVisible();
    // The green lasts 10 seconds (TIMING.newMessageHighlightMs).
    await page.clock.fastForward(TIMING.newMessageHighlightMs);
    await expect(row).toHaveAttribute("data-highlighted", "false");
    await player.context().close();
  });

  test("an assignment makes the assignee's notification appear; Mark all read and the title prefix", async ({
    page,
    browser,
  }) => {
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("chat-list")).toBeVisible();
    const modId = await myId(page);
    // Start from nothing unread: no prefix in the title.
    await pageCall(page, "POST", "/api/notification/mark-all-read");
    await expect(page).toHaveTitle("Dashboard - Game Support");

    const admin = await openAs(browser, "admin");
    const { devs } = await pageCall<{ devs: { id: number; categories: number[]; servers: number[] }[] }>(
      admin,
      "GET",
      "/api/users/fetch-devs",
    );
    const mod = devs.find((d) => d.id === modId)!;
    const { ticketId, player } = await fileTicketAsPlayer(browser);
    await player.context().close();
    const { ticket } = await pageCall<{ ticket: Ticket }>(admin, "POST", "/api/tickets/fetch-ticket", {
      ticket_id: ticketId,
    });
    await pageCall(page, "POST", "/api/remove-ticket-from-chat", { ticket_id: ticket.id });
    // The assignment may move the ticket into a category the mod handles (spec/2-staff-ticket-work.md §4).
    const category = mod.categories.includes(ticket.category) ? ticket.category : mod.categories[0]!;
    await expect(page.getByTestId(`chat-row-${ticket.id}`)).toHaveCount(0);

    await pageCall(admin, "POST", "/api/tickets/assign-ticket", {
      ticketId: ticket.id,
      devId: modId,
      category,
      server: ticket.server,
      prevDevId: ticket.assignedTo ?? "",
      chatId: `chat-${ticket.id}`,
    });

    // Live: the toast, the bell's count, the title's [n] prefix and the new chat in the sidebar.
    // The sentence names who acted, the ticket by the reference players see, its subject and player.
    await expect(
      page
        .getByText(new RegExp(`assigned ticket #${ticket.createdAt} “Lost my mount \\d+” from Rider\\S* to you`))
        .first(),
    ).toBeVisible();
    await expect(page).toHaveTitle("[1] Dashboard - Game Support");
    await expect(page.getByTestId("notification-count")).toContainText("1");
    await expect(page.getByTestId(`chat-row-${ticket.id}`)).toBeVisible();
    await page.getByTestId("notification-bell").click();
    const dropdown = page.getByTestId("notification-dropdown");
    await expect(dropdown.getByTestId("notification-item")).toHaveCount(1);
    await expect(dropdown.getByTestId("notification-item")).toHaveAttribute("data-type", "assignment");
    await dropdown.getByTestId("notification-show-all").click();

    await page.waitForURL("**/admin/notifications");
    await expect(page.getByTestId("notifications-unread-count")).toHaveText("Unread: 1");
    await page.getByTestId("notifications-unread-toggle").click();
    await expect(page.getByTestId("notifications-list").getByTestId("notification-item")).toHaveCount(1);
    await page.getByTestId("notifications-mark-all-read").click();
    await expect(page.getByTestId("notifications-unread-count")).toHaveText("Unread: 0");
    await expect(page.getByTestId("notifications-list").getByTestId("notification-item")).toHaveCount(0);
    await expect(page).toHaveTitle("Notifications - Game Support");
    await page.getByTestId("notifications-unread-toggle").click();
    await expect(page.getByTestId("notifications-list").getByTestId("notification-item").first()).toHaveAttribute(
      "data-read",
      "true",
    );
    await admin.context().close();
  });
});
