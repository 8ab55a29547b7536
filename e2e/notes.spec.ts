/**
 * Internal notes and quick replies on the staff ticket page (spec/2-staff-ticket-work.md §2, §5, §6): a staff member
 * writes a note tagging a colleague through the @ suggestions; the colleague, in a second browser
 * context, sees it live, gets the `tag` notification and sees the edit and the delete; the
 * player's page never shows the note; a quick reply goes into the reply box.
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { storageStatePath } from "./support/env.ts";
import { player1Tickets, staffTicketUrl } from "./support/playerTicket.ts";

/** Every socket.io frame a page receives, as text: to show what did and did not arrive. */
function socketFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => frames.push(String(payload))));
  return frames;
}

async function openAs(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

test("a note tags a colleague live, stays away from the player, and a quick reply fills the reply box", async ({
  browser,
}) => {
  // One of player1's open tickets (the demo seed files several).
  const ticket = (await player1Tickets()).find((t) => t.status !== "RESOLVED" && t.status !== "CLOSED");
  expect(ticket, "player1 has an open ticket").toBeTruthy();
  if (!ticket) return;
  const adminUrl = staffTicketUrl(ticket);

  const modContext = await browser.newContext({ storageState: storageStatePath("mod") });
  const devContext = await browser.newContext({ storageState: storageStatePath("dev") });
  const playerContext = await browser.newContext({ storageState: storageStatePath("player") });
  try {
    const devPage = await devContext.newPage();
    const devFrames = socketFrames(devPage);
    await devPage.goto(adminUrl);
    const modPage = await openAs(modContext, adminUrl);
    const playerPage = await playerContext.newPage();
    const playerFrames = socketFrames(playerPage);
    await playerPage.goto(`/member/ticket/${ticket.fetch_code}`);
    await expect(playerPage.getByTestId("ticket-subject")).toBeVisible();

    const modNotes = modPage.getByTestId("notes-panel");
    const devNotes = devPage.getByTestId("notes-panel");
    // The notes are a tab beside the chat, one click away.
    await modPage.getByTestId("tab-notes").click();
    await devPage.getByTestId("tab-notes").click();
    await expect(modNotes).toBeVisible();
    await expect(devNotes).toBeVisible();
    // The colleague's page is in the notes room before the note is written.
    await expect(devNotes.getByTestId("note-input")).toBeEnabled();

    // @ offers staff names; picking one completes it.
    const text = `Checked the payment logs ${Date.now()}`;
    const input = modNotes.getByTestId("note-input");
    await input.fill(`${text}, please confirm @Dev`);
    await expect(modNotes.getByTestId("note-suggestion").filter({ hasText: "DevKerem" })).toBeVisible();
    await modNotes.getByTestId("note-suggestion").filter({ hasText: "DevKerem" }).click();
    await expect(input).toHaveValue(`${text}, please confirm @DevKerem `);
    await input.pressSequentially("thanks");
    await modNotes.getByTestId("note-send").click();
    await expect(input).toHaveValue("");

    // The colleague sees it live, with the tag highlighted, and gets the tag notification.
    const devNote = devNotes.getByTestId("note-item").filter({ hasText: text });
    await expect(devNote).toBeVisible();
    await expect(devNote.getByTestId("note-tag")).toHaveText("@DevKerem");
    await expect.poll(() => devFrames.some((f) => f.includes('"new_notification"') && f.includes('"tag"'))).toBe(true);

    // The writer edits and deletes it; the colleague follows both.
    const modNote = modNotes.getByTestId("note-item").filter({ hasText: text });
    await modNote.getByTestId("note-edit").click();
    await modNote.getByTestId("note-edit-input").fill(`${text} (all fine)`);
    await modNote.getByTestId("note-edit-save").click();
    await expect(devNote.getByTestId("note-edited")).toBeVisible();
    await expect(devNote).toContainText("(all fine)");
    // Only one's own notes offer edit and delete.
    await expect(devNote.getByTestId("note-edit")).toHaveCount(0);

    const noteId = await modNote.getAttribute("data-note-id");
    await modNote.getByTestId("note-delete").click();
    await modPage.getByTestId("confirm-action-confirm").click();
    const deleted = devNotes.locator(`[data-note-id="${noteId}"]`);
    await expect(deleted.getByTestId("note-deleted")).toHaveText("Message deleted.");
    await expect(deleted).not.toContainText(text);

    // The player never got any of it: not on the page, not on the wire.
    await playerPage.reload();
    await expect(playerPage.getByTestId("ticket-subject")).toBeVisible();
    await expect(playerPage.locator("body")).not.toContainText(text);
    expect(playerFrames.filter((f) => f.includes(text) || f.includes("_note"))).toEqual([]);

    // A quick reply of the ticket's category (or a general one) goes into the reply box, from the
    // panel behind the button beside it.
    await modPage.getByTestId("tab-chat").click();
    await modPage.getByTestId("quick-reply-button").click();
    const quick = modPage.getByTestId("quick-reply-panel");
    await quick.getByTestId("quick-reply-search").fill("greet");
    const greeting = quick.getByTestId("quick-reply-item").filter({ hasText: "Greeting" });
    await expect(greeting).toHaveCount(1);
    await greeting.click();
    await expect(modPage.getByTestId("staff-reply-input")).toHaveValue(
      /Hello, thank you for contacting support\. We are looking into it\./,
    );
    await modPage.getByTestId("quick-reply-button").click();
    await quick.getByTestId("quick-reply-search").fill("no such reply at all");
    await expect(quick.getByTestId("quick-reply-empty")).toBeVisible();
  } finally {
    await Promise.all([modContext.close(), devContext.close(), playerContext.close()]);
  }
});

test("the notes panel reads the notes only once its room is joined", async ({ browser }) => {
  const ticket = (await player1Tickets()).find((t) => t.status !== "RESOLVED" && t.status !== "CLOSED");
  expect(ticket, "player1 has an open ticket").toBeTruthy();
  if (!ticket) return;
  const context = await browser.newContext({ storageState: storageStatePath("mod") });
  try {
    const page = await context.newPage();
    // The order in which the page saw things: reads of the notes and the join's acknowledgement.
    const seen: string[] = [];
    let joinAckId: string | null = null;
    page.on("websocket", (ws) => {
      ws.on("framesent", ({ payload }) => {
        const sent = /^42(\d+)\["join_chatroom",\{"room_id":"notes-(\d+)"/.exec(String(payload));
        if (sent && Number(sent[2]) === ticket.id) joinAckId = sent[1]!;
      });
      ws.on("framereceived", ({ payload }) => {
        if (joinAckId !== null && String(payload).startsWith(`43${joinAckId}[`)) seen.push("joined");
      });
    });
    page.on("request", (request) => {
      if (request.url().endsWith("/api/fetch-notes")) seen.push("read");
    });
    await page.goto(staffTicketUrl(ticket));
    await page.getByTestId("tab-notes").click();
    await expect(page.getByTestId("notes-panel")).toBeVisible();
    // Read before the socket connected, maybe; but read again only once in the room, so that a
    // note stored between a read and the join cannot be missed.
    await expect.poll(() => seen.lastIndexOf("read") > seen.indexOf("joined") && seen.includes("joined")).toBe(true);
    // Nothing read between the join being sent and its acknowledgement.
    expect(seen.filter((step) => step === "joined")).toHaveLength(1);
  } finally {
    await context.close();
  }
});
