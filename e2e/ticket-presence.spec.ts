/**
 * Collision detection on the staff ticket page (docs/decisions/realtime.md): two employees on one
 * ticket, in two browser contexts, see each other (never themselves) and who is typing, and one
 * leaving the page leaves the other's list; the traffic cop stops a reply when a message or a
 * status change came in after it was started, and lets it go after review or when asked to.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../common/constants.ts";
import { storageStatePath } from "./support/env.ts";
import { freshMember } from "./support/freshMember.ts";
import { staffTicketPath } from "./support/playerTicket.ts";
import { signInThroughApi } from "./support/staffApi.ts";

/** A member of the test's own with one fresh ticket, filed through the API. */
async function memberWithTicket(browser: Browser, subject: string) {
  const member = await freshMember(browser, { name: "Lookout", character: "Watcher" });
  const ticket = await member.fileTicket(subject, { description: "Two of you are on this one." });
  const say = async (message: string) => {
    const sent = await member.context.request.post("/api/new-chat-message", {
      data: { chatId: `chat-${ticket.id}`, message },
      headers: { [CSRF_HEADER]: await member.csrf() },
    });
    expect(sent.status()).toBe(200);
  };
  return { member, ticketId: ticket.id, say };
}

// Two staff contexts each load the staff page cold: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** The people an employee's page shows as also here, one element each. */
const viewers = (page: Page) => page.getByTestId("ticket-viewers").getByTestId("ticket-viewer");

test("two employees on one ticket see each other and who is typing, never themselves", async ({ browser }) => {
  const { member, ticketId } = await memberWithTicket(browser, `Presence ${Date.now()}`);
  const modContext = await browser.newContext({ storageState: storageStatePath("mod") });
  const adminContext = await browser.newContext({ storageState: storageStatePath("admin") });
  try {
    const path = await staffTicketPath(ticketId);
    const mod = await modContext.newPage();
    const admin = await adminContext.newPage();
    await mod.goto(path);
    // The first page of a run may wait for the server's first build of its chunks.
    await expect(mod.getByTestId("ticket-info")).toBeVisible({ timeout: 30_000 });
    // Alone on the page: nothing to show.
    await expect(mod.getByTestId("ticket-viewers")).toHaveCount(0);

    await admin.goto(path);
    await expect(admin.getByTestId("ticket-info")).toBeVisible({ timeout: 30_000 });
    // Each page's socket connects after its first render: on a busy machine, that takes a while.
    await expect(viewers(mod)).toHaveCount(1, { timeout: 30_000 });
    await expect(viewers(admin)).toHaveCount(1, { timeout: 30_000 });
    await expect(viewers(admin)).toContainText("ModAyse");
    await expect(viewers(mod)).not.toContainText("ModAyse");
    await expect(viewers(mod)).toHaveAttribute("data-state", "viewing");

    // The admin types a reply: the mod sees "typing…", which goes once the keys stop.
    await admin.getByTestId("staff-reply-input").pressSequentially("Looking at it");
    await expect(viewers(mod)).toHaveAttribute("data-state", "typing");
    await expect(viewers(mod).getByTestId("ticket-viewer-typing")).toHaveText("typing…");
    await expect(viewers(mod)).toHaveAttribute("data-state", "viewing", { timeout: 15_000 });

    // A note counts as typing too (the notes are a tab beside the chat).
    await mod.getByTestId("tab-notes").click();
    await mod.getByTestId("note-input").pressSequentially("Checking the logs");
    await expect(viewers(admin)).toHaveAttribute("data-state", "typing");

    // The admin leaves the ticket: the mod is alone again.
    await admin.goto("/admin/ticket");
    await expect(mod.getByTestId("ticket-viewers")).toHaveCount(0);
  } finally {
    await modContext.close();
    await adminContext.close();
    await member.context.close();
  }
});

test("the traffic cop shows what changed since a reply was started, and sends after review or when told", async ({
  browser,
}) => {
  const { member, ticketId, say } = await memberWithTicket(browser, `Traffic cop ${Date.now()}`);
  const modContext = await browser.newContext({ storageState: storageStatePath("mod") });
  const admin = await signInThroughApi("admin");
  try {
    const mod = await modContext.newPage();
    await mod.goto(await staffTicketPath(ticketId));
    const panel = mod.getByTestId("staff-chat-panel");
    const input = panel.getByTestId("staff-reply-input");
    await expect(mod.getByTestId("ticket-info")).toBeVisible({ timeout: 30_000 });
    await input.fill("We are checking your inventory now.");

    // While the mod writes, the player writes and the admin puts the ticket on hold.
    await say("Any news? I still have no sword.");
    await admin.post("/api/tickets/put-ticket-on-hold", { ticket_id: ticketId });
    await expect(panel.getByTestId("staff-chat-message-player")).toContainText("I still have no sword");
    await expect(mod.getByTestId("ticket-page-status")).toContainText("On hold");

    await panel.getByTestId("staff-send").click();
    const modal = mod.getByTestId("traffic-cop-modal");
    await expect(modal).toContainText("This ticket changed while you were writing");
    await expect(modal.getByTestId("traffic-cop-messages")).toHaveText("New messages from Lookout");
    await expect(modal.getByTestId("traffic-cop-status")).toHaveText("Status changed from New ticket to On hold");
    await expect(modal.getByTestId("traffic-cop-assignee")).toHaveCount(0);

    // Review first: nothing is sent, the reply stays in the box.
    await modal.getByTestId("traffic-cop-review").click();
    await expect(modal.getByTestId("traffic-cop-review")).toHaveCount(0);
    await expect(input).toHaveValue("We are checking your inventory now.");
    await expect(panel.getByTestId("staff-chat-message-staff")).toHaveCount(0);

    // Reviewed: the next send goes out without asking.
    await panel.getByTestId("staff-send").click();
    await expect(panel.getByTestId("staff-chat-message-staff")).toContainText("We are checking your inventory now.");
    await expect(modal.getByTestId("traffic-cop-review")).toHaveCount(0);
    await expect(mod.getByTestId("ticket-page-status")).toContainText("Replied");

    // A new reply, and the player writes again before it goes (the ticket waits on staff again):
    // Send anyway sends it.
    await input.fill("Found it, restoring now.");
    await say("Thanks, waiting.");
    await expect(panel.getByTestId("staff-chat-message-player").last()).toContainText("Thanks, waiting.");
    await panel.getByTestId("staff-send").click();
    await expect(modal.getByTestId("traffic-cop-messages")).toHaveText("New messages from Lookout");
    await modal.getByTestId("traffic-cop-send").click();
    await expect(panel.getByTestId("staff-chat-message-staff").last()).toContainText("Found it, restoring now.");
  } finally {
    await admin.dispose();
    await modContext.close();
    await member.context.close();
  }
});
