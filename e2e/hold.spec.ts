/**
 * A hold with a wake-up time and what staff are told (docs/decisions/tickets.md,
 * docs/decisions/chat-list-and-notifications.md): the hold dialog's wake-up choices, the time on
 * the ticket page, the wake-up on a short sweep clock with its notification's sentence, and the
 * chat list's unread badge cleared by viewing the ticket and brought back by Mark unread.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { encodeTicketInfo } from "../common/ticket-code.ts";
import { RESTART_PORT, storageStatePath } from "./support/env.ts";
import { freshMember } from "./support/freshMember.ts";
import { pageCall } from "./support/pageCall.ts";
import { freshDataDir, type RunningServer, removeDataDir, startServer } from "./support/server.ts";
import { signIn } from "./support/signIn.ts";
import { signInThroughApi } from "./support/staffApi.ts";

interface Ticket {
  id: number;
  email: string;
  name: string;
  subject: string;
  status: string;
  category: number;
  server: number;
  assignedTo: number | null;
  createdAt: number;
}

const editPath = (t: Ticket) =>
  `/admin/${encodeTicketInfo({ ticketId: t.id, email: t.email, ticketNumber: t.createdAt })}/edit`;

test.describe("hold with a wake-up time, on a short sweep clock", () => {
  // One worker takes both tests, so the server with the short clock starts once.
  test.describe.configure({ mode: "default" });
  let dataDir = "";
  let server: RunningServer | null = null;

  test.beforeAll(async () => {
    dataDir = freshDataDir();
    // The sweeps run every second: a hold a few seconds long wakes within the test.
    server = await startServer(RESTART_PORT, dataDir, { env: { SWEEP_INTERVAL_SECONDS: "1" } });
  });

  test.afterAll(async () => {
    await server?.stop("SIGTERM");
    removeDataDir(dataDir);
  });

  test.use({ baseURL: `http://127.0.0.1:${RESTART_PORT}` });

  test("hold for an hour from the dialog; a reply ends it; a short hold wakes, back to staff, with its notification", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, "admin", "**/admin/dashboard");
    const { id_token } = await pageCall<{ id_token: string }>(page, "GET", "/auth/pulse-check");
    const me = JSON.parse(Buffer.from(id_token, "base64url").toString()).id as number;
    // An open demo ticket, taken by the admin.
    let ticket: Ticket | undefined;
    for (let id = 1; id <= 60 && !ticket; id++) {
      const found = await pageCall<{ ticket: Ticket }>(page, "POST", "/api/tickets/fetch-ticket", {
        ticket_id: id,
      }).catch(() => null);
      if (found && ["NEW TICKET", "WAITING DEV", "REPLIED"].includes(found.ticket.status)) ticket = found.ticket;
    }
    if (!ticket) throw new Error("the demo has no open ticket");
    if (ticket.assignedTo !== me) {
      await pageCall(page, "POST", "/api/tickets/assign-ticket", {
        ticketId: ticket.id,
        devId: me,
        category: ticket.category,
        server: ticket.server,
        prevDevId: ticket.assignedTo ?? "",
        chatId: `chat-${ticket.id}`,
      });
    }
    await page.goto(editPath(ticket));

    await page.getByTestId("action-hold").click();
    const dialog = page.getByTestId("hold-modal");
    await expect(dialog.getByRole("radio", { name: /^No wake-up time/ })).toBeChecked();
    await dialog.getByRole("radio", { name: /^In 1 hour/ }).check();
    await dialog.getByTestId("hold-modal-confirm").click();
    const wakes = page.getByTestId("hold-until");
    await expect(wakes).toContainText("On hold until");
    await expect(page.getByTestId("ticket-page-status")).toContainText(/on hold/i);

    // A reply ends the hold, and its wake-up time with it.
    await pageCall(page, "POST", "/api/new-chat-message", { chatId: `chat-${ticket.id}`, message: "Looking into it." });
    await expect(wakes).toHaveCount(0);

    // A hold of three seconds: the next sweeps wake it, and the page follows.
    await pageCall(page, "POST", "/api/tickets/put-ticket-on-hold", {
      ticket_id: ticket.id,
      hold_until: Math.floor(Date.now() / 1000) + 3,
    });
    await expect(wakes).toBeVisible();
    await expect(wakes).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId("ticket-page-status")).toContainText(/waiting/i);

    // Its notification says which ticket, whose, and that no person acted.
    await page.goto("/admin/notifications");
    const item = page
      .getByTestId("notifications-list")
      .getByTestId("notification-item")
      .and(page.locator('[data-type="hold_expired"]'));
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(
      `The hold on ticket #${ticket.createdAt} “${ticket.subject}” from ${ticket.name} has ended; it is back with you`,
    );
    await expect(page.getByTestId("notifications-list")).not.toContainText("Someone");
  });
});

test.describe("unread marks of the chat list", () => {
  test.use({ storageState: storageStatePath("mod") });

  /** A fresh member files a ticket; answers its id and the member's page, to write as the owner. */
  async function fileTicket(browser: Browser): Promise<{ ticketId: number; player: Page }> {
    const member = await freshMember(browser, { name: "Wanderer", character: "Farstrider" });
    const { id: ticketId, fetchCode } = await member.fileTicket(`Stuck in a wall ${Date.now()}`, {
      description: "I cannot move since the last loading screen.",
    });
    const player = await member.context.newPage();
    await player.goto(`/member/ticket/${fetchCode}`);
    return { ticketId, player };
  }

  test("viewing the ticket clears the badge; Mark unread brings it back until the next visit", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { ticketId, player } = await fileTicket(browser);
    try {
      await page.goto("/admin/dashboard");
      await expect(page.getByTestId("chat-list")).toBeVisible();
      await pageCall(page, "POST", "/api/add-ticket-to-chat", { ticket_id: ticketId });
      const row = page.getByTestId(`chat-row-${ticketId}`);
      await expect(row).toBeVisible({ timeout: 30_000 });
      await pageCall(player, "POST", "/api/new-chat-message", { chatId: `chat-${ticketId}`, message: "Still stuck." });
      await expect(row.getByTestId("chat-row-unread")).toHaveText("1");

      // Opening the ticket (the page visible) clears the badge, without a reply.
      await row.getByTestId("chat-row-link").click();
      await page.waitForURL("**/edit");
      await expect(row.getByTestId("chat-row-unread")).toHaveCount(0);
      await expect(row).toHaveAttribute("data-unread", "false");

      // Mark unread: the badge is back, and stays after a reload (kept on the server).
      await page.goto("/admin/dashboard");
      await row.getByTestId("chat-row-mark-unread").click();
      await expect(row.getByTestId("chat-row-unread")).toBeVisible();
      await expect(row).toHaveAttribute("data-unread", "true");
      await page.reload();
      await expect(row.getByTestId("chat-row-unread")).toBeVisible();

      // The next visit clears it again.
      await row.getByTestId("chat-row-link").click();
      await page.waitForURL("**/edit");
      await expect(row.getByTestId("chat-row-unread")).toHaveCount(0);
    } finally {
      await player.context().close();
      const admin = await signInThroughApi("admin");
      try {
        await admin.post("/api/tickets/submit-ticket-complete", {
          ticket_id: ticketId,
          action: "CLOSED",
          excuse: "e2e clean-up",
        });
      } finally {
        await admin.dispose();
      }
    }
  });
});
