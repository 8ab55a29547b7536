/**
 * Bans from the player's side (spec/2-staff-ticket-work.md §8): staff ban a member for a time, and the member's open
 * page shows the ban dialog at once, with its 'Ban Until' date; a permanent ban shows no date;
 * unban, and the history tells both. (Staff act through the API here; the ban button lives on the
 * ticket page. The refused filing is in tickets.spec.ts and server/routes/bans.test.ts.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { encodeTicketInfo } from "../common/ticket-code.ts";
import { storageStatePath } from "./support/env.ts";
import { liveSocket } from "./support/socket.ts";
import { openSignedIn, signInThroughApi } from "./support/staffApi.ts";

/** The demo's player3 reads Turkish: the dialog is checked against the language's own texts. */
const errors = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "..", "web", "public", "locales", "tr", "errors.json"), "utf8"),
) as {
  ban_dialog_title: string;
  ban_until: string;
  ban_indefinite: string;
  user_banned: string;
  status_word: { WARNING: string };
};
const banUntil = errors.ban_until.replace("{{date}}", "").trim();

/** One of the member's own tickets that is still open, read through the page's own session. */
async function openTicket(page: Page): Promise<{ id: number; user_id: number; email: string; createdAt: number }> {
  return page.evaluate(async () => {
    const csrf = decodeURIComponent(document.cookie.match(/(?:^|; )(?:__Host-)?hd_csrf=([^;]*)/)?.[1] ?? "");
    const response = await fetch("/api/tickets/member-ticket-history", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": csrf },
      body: JSON.stringify({ page: 1 }),
    });
    const { tickets } = (await response.json()) as {
      tickets: { id: number; user_id: number; email: string; createdAt: number; status: string }[];
    };
    const open = tickets.find((t) => t.status !== "RESOLVED" && t.status !== "CLOSED");
    if (!open) throw new Error("the demo member has no open ticket");
    return { id: open.id, user_id: open.user_id, email: open.email, createdAt: open.createdAt };
  });
}

async function closeDialog(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button").last().click();
  await expect(dialog).toHaveCount(0);
}

test("a timed ban opens the ban dialog on the player's page at once; permanent shows no date; unban", async ({
  page,
}) => {
  // The page's socket is live before the ban: its warning goes to the sockets open at that moment.
  const live = liveSocket(page);
  await openSignedIn(page, "player3", "/member/home");
  const ticket = await openTicket(page);
  await live;
  const admin = await signInThroughApi("admin");
  try {
    const weekLater = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const banned = await admin.post<{ ticket: { banned: boolean }; user: { banned_until: number } }>(
      "/api/tickets/ban-member-user",
      { ticket_id: ticket.id, ban_reason: "Spamming the support chat", ban_time: 7 * 86_400 },
    );
    expect(banned.ticket.banned).toBe(true);
    expect(banned.user.banned_until).toBeGreaterThanOrEqual(weekLater - 5);

    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(errors.ban_dialog_title);
    await expect(dialog).toContainText(errors.status_word.WARNING);
    await expect(dialog).toContainText(errors.user_banned);
    // 'Ban Until' with the end date, a week from now (hh:mm dd.mm.yyyy).
    const end = new Date(banned.user.banned_until * 1000);
    const day = `${String(end.getDate()).padStart(2, "0")}.${String(end.getMonth() + 1).padStart(2, "0")}.${end.getFullYear()}`;
    await expect(dialog).toContainText(`${banUntil} `);
    await expect(dialog).toContainText(day);
    await closeDialog(page);

    // Unban, then a permanent ban: the dialog says the ban has no end date.
    const lifted = await admin.post<{ user: { banned: boolean } }>("/api/tickets/unban-member-user", {
      ticket_id: ticket.id,
    });
    expect(lifted.user.banned).toBe(false);
    await admin.post("/api/tickets/ban-member-user", { ticket_id: ticket.id, ban_reason: "Threats", ban_time: -1 });
    await expect(dialog).toContainText(errors.ban_indefinite);
    await expect(dialog).not.toContainText(banUntil);
    await closeDialog(page);

    await admin.post("/api/tickets/unban-member-user", { ticket_id: ticket.id });
    const history = await admin.post<{ ban_logs: { reason: string; active: boolean }[] }>(
      "/api/tickets/get-ban-history-member",
      { member_id: ticket.user_id },
    );
    expect(history.ban_logs.slice(0, 2)).toEqual([
      expect.objectContaining({ reason: "Threats", active: false }),
      expect.objectContaining({ reason: "Spamming the support chat", active: false }),
    ]);
  } finally {
    await admin.post("/api/tickets/unban-member-user", { ticket_id: ticket.id }).catch(() => undefined);
    await admin.dispose();
  }
});

test.describe("the ban button on the staff ticket page", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("ban with a reason and 15 days, the player's page shows the dialog; unban; history", async ({
    page,
    browser,
  }) => {
    const playerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const player = await playerContext.newPage();
    try {
      const live = liveSocket(player);
      await openSignedIn(player, "player3", "/member/home");
      const ticket = await openTicket(player);
      await live;

      const info = encodeTicketInfo({ ticketId: ticket.id, email: ticket.email, ticketNumber: ticket.createdAt });
      await page.goto(`/admin/${info}/edit`);
      await page.getByTestId("ban-button").click();
      const modal = page.getByTestId("ban-modal");
      const confirm = modal.getByTestId("ban-confirm");
      await expect(confirm).toBeDisabled();
      const reason = modal.getByTestId("ban-reason");
      await reason.fill("x".repeat(201));
      await expect(modal).toContainText("Input is too long.");
      await expect(modal).toContainText("201/200");
      await expect(confirm).toBeDisabled();
      await reason.fill("Insulting the support staff");
      await expect(modal).toContainText("27/200");
      await expect(modal.getByTestId("ban-duration")).toHaveValue("7 days");
      await modal.getByTestId("ban-duration").click();
      await page.getByRole("option", { name: "15 days" }).click();
      await confirm.click();

      // The player's open page shows the ban dialog with the end date, 15 days on.
      const dialog = player.getByRole("dialog");
      await expect(dialog).toContainText(errors.ban_dialog_title);
      const end = new Date(Date.now() + 15 * 86_400_000);
      const day = `${String(end.getDate()).padStart(2, "0")}.${String(end.getMonth() + 1).padStart(2, "0")}.${end.getFullYear()}`;
      await expect(dialog).toContainText(day);

      // Staff now see Unban; it asks to confirm, needs no reason.
      await page.getByTestId("unban-button").click();
      await page.getByTestId("confirm-action-confirm").click();
      await expect(page.getByTestId("ban-button")).toBeVisible();

      await page.getByTestId("ban-history-button").click();
      const history = page.getByTestId("ban-history");
      await expect(history).toContainText("Insulting the support staff");
      await expect(history.getByRole("row").nth(1)).toContainText("Lifted by");
    } finally {
      await playerContext.close();
    }
  });
});
