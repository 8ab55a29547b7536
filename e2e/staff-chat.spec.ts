/**
 * The staff chat panel on the ticket page (spec/2-staff-ticket-work.md §2, §4, §6), with the player's page open in a
 * second browser context: a staff reply quoting the player arrives live, the read ticks turn
 * double once the player has it, an edit and a delete of the staff member's own message are seen
 * live by the player, the 'User online' label follows the player's page, and an image goes out with the reply box and opens in the zooming viewer.
 */
import { expect, test } from "@playwright/test";
import { storageStatePath } from "./support/env.ts";
import { playerWithTicket, staffTicketPath } from "./support/playerTicket.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("staff reply with a quote, read ticks, edit and delete, seen live by the player", async ({ browser }) => {
  const player = await playerWithTicket(browser, `Sword gone ${Date.now()}`);
  const staffContext = await browser.newContext({ storageState: storageStatePath("mod") });
  const staff = await staffContext.newPage();
  try {
    await player.page.getByTestId("reply-input").fill("It happened after the patch.");
    await player.page.getByTestId("reply-input").press("Enter");
    await expect(player.page.getByTestId("chat-message-own")).toContainText("It happened after the patch.");

    await staff.goto(await staffTicketPath(player.ticketId));
    const panel = staff.getByTestId("staff-chat-panel");
    const playerLine = panel.getByTestId("staff-chat-message-player");
    await expect(playerLine).toContainText("It happened after the patch.");
    // The player has the ticket open: 'User online'.
    await expect(panel.getByTestId("staff-chat-user-online")).toHaveText("User online");
    // Staff see where a message came from.
    await expect(playerLine.getByTestId("staff-chat-origin")).toContainText("Origin:");

    // Reply to the player's message (the quote flow).
    await playerLine.getByTestId("staff-chat-actions").click();
    await staff.getByTestId("staff-chat-reply").click();
    await expect(panel.getByTestId("staff-reply-preview")).toContainText("It happened after the patch.");
    await panel.getByTestId("staff-reply-input").fill("We restored your sword, please log in again.");
    await panel.getByTestId("staff-send").click();
    const ownLine = panel.getByTestId("staff-chat-message-staff");
    await expect(ownLine).toContainText("We restored your sword");
    await expect(ownLine.getByTestId("staff-chat-quote")).toContainText("It happened after the patch.");

    // Live on the player's page, with the quote; the player's page reads it: double tick.
    const seen = player.page.getByTestId("chat-message-staff");
    await expect(seen).toContainText("We restored your sword");
    await expect(seen.getByTestId("chat-quote")).toContainText("It happened after the patch.");
    await expect(seen).not.toContainText("Origin");
    await expect(ownLine.getByTestId("staff-chat-ticks")).toHaveAttribute("data-read", "true");

    // Edit the own message: the player sees the new text and 'Edited'.
    await ownLine.getByTestId("staff-chat-actions").click();
    await staff.getByTestId("staff-chat-edit").click();
    await ownLine.getByTestId("staff-chat-edit-input").fill("We restored your sword and shield.");
    await ownLine.getByTestId("staff-chat-edit-save").click();
    await expect(ownLine.getByTestId("staff-chat-edited")).toHaveText("Edited");
    await expect(seen).toContainText("We restored your sword and shield.");
    await expect(seen).toContainText("Edited");

    // Delete it: 'Message deleted.' on both sides, the text gone.
    await ownLine.getByTestId("staff-chat-actions").click();
    await staff.getByTestId("staff-chat-delete").click();
    await staff.getByTestId("confirm-action-confirm").click();
    await expect(ownLine.getByTestId("staff-chat-deleted")).toHaveText("Message deleted.");
    await expect(seen).toContainText("Message deleted.");
    await expect(seen).not.toContainText("sword and shield");
    // A player's message offers Reply only.
    await playerLine.getByTestId("staff-chat-actions").click();
    await expect(staff.getByTestId("staff-chat-edit")).toHaveCount(0);
    await staff.keyboard.press("Escape");

    // An image with the reply box (sent over HTTP), opened in the viewer at zoom 2.
    await panel.locator('input[type="file"]').setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: PNG });
    await expect(panel.getByTestId("attachment-list")).toContainText("proof.png");
    await panel.getByTestId("staff-send").click();
    await expect(player.page.getByTestId("chat-message-staff").getByTestId("attachment-image")).toHaveCount(1);
    await panel.getByTestId("attachment-image").last().click();
    await expect(staff.getByTestId("zoom-level")).toHaveText("2.0×");
    await staff.getByRole("button", { name: "Zoom in" }).click();
    await expect(staff.getByTestId("zoom-level")).toHaveText("2.1×");
    await staff.keyboard.press("Escape");

    // The player leaves: the label goes.
    await player.page.close();
    await expect(panel.getByTestId("staff-chat-user-online")).toHaveCount(0);
  } finally {
    await staffContext.close();
    await player.context.close();
  }
});
