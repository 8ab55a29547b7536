/**
 * Bans from the player's side (spec 2 §8): staff ban a member for a time, and the member's open
 * page shows the ban dialog at once, with its 'Ban Until' date; a permanent ban shows no date;
 * unban, and the history tells both. (Staff act through the API here; the ban button lives on the
 * ticket page. The refused filing is in tickets.spec.ts and server/routes/bans.test.ts.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/signIn.ts";
import { signInThroughApi } from "./support/staffApi.ts";

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
async function openTicket(page: Page): Promise<{ id: number; user_id: number }> {
  return page.evaluate(async () => {
    const csrf = decodeURIComponent(document.cookie.match(/(?:^|; )(?:__Host-)?hd_csrf=([^;]*)/)?.[1] ?? "");
    const response = await fetch("/api/tickets/member-ticket-history", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": csrf },
      body: JSON.stringify({ page: 1 }),
    });
    const { tickets } = (await response.json()) as { tickets: { id: number; user_id: number; status: string }[] };
    const open = tickets.find((t) => t.status !== "RESOLVED" && t.status !== "CLOSED");
    if (!open) throw new Error("the demo member has no open ticket");
    return { id: open.id, user_id: open.user_id };
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
  await signIn(page, "player3", "**/member/home");
  const ticket = await openTicket(page);
  // The page's socket is up well within the connection check.
  await page.waitForTimeout(1500);
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
