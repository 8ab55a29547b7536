/**
 * The staff ticket page (spec/2-staff-ticket-work.md §2, §4): fast complete with a reason, assigning to another
 * employee, hold, reopen and the retain toggle, each on a demo ticket in the state it needs.
 */
import { expect, type Page, test } from "@playwright/test";
import type { FetchDevsResponse, FetchStaffTicketResponse, StaffTicketFull } from "../common/schemas/staffTickets.ts";
import { encodeTicketInfo } from "../common/ticket-code.ts";
import { storageStatePath } from "./support/env.ts";
import { type StaffApi, signInThroughApi } from "./support/staffApi.ts";

let admin: StaffApi;
/** Tickets a test of this file already changed: each test takes one of its own. */
const used = new Set<number>();

test.beforeAll(async () => {
  admin = await signInThroughApi("admin");
});
test.afterAll(async () => {
  await admin?.dispose();
});

/** The first demo ticket that fits, found through fetch-ticket (ids of a fresh demo are small). */
async function pickTicket(fits: (ticket: StaffTicketFull) => boolean): Promise<StaffTicketFull> {
  for (let id = 1; id <= 120; id++) {
    if (used.has(id)) continue;
    const found = await admin
      .post<FetchStaffTicketResponse>("/api/tickets/fetch-ticket", { ticket_id: id })
      .catch(() => null);
    if (found && fits(found.ticket)) {
      used.add(id);
      return found.ticket;
    }
  }
  throw new Error("no demo ticket fits");
}

async function openTicket(page: Page, ticket: StaffTicketFull): Promise<void> {
  const info = encodeTicketInfo({ ticketId: ticket.id, email: ticket.email, ticketNumber: ticket.createdAt });
  await page.goto(`/admin/${info}/edit`);
  await expect(page.getByTestId("ticket-info")).toBeVisible();
  await expect(page.getByTestId("breadcrumbs")).toContainText(String(ticket.createdAt));
}

const OPEN = ["NEW TICKET", "WAITING DEV", "REPLIED", "ON HOLD"];

test.describe("staff ticket page", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("fast complete with a reason", async ({ page }) => {
    const ticket = await pickTicket((t) => OPEN.includes(t.status) && t.last_message_from === "user");
    await openTicket(page, ticket);
    await page.getByTestId("action-fast-complete").click();
    const modal = page.getByTestId("fast-complete-modal");
    await expect(modal).toContainText("A reason is required");
    await modal.getByText("Close", { exact: true }).click();
    // The player wrote last: no completing without a reason.
    await expect(modal.getByTestId("fast-complete-submit")).toBeDisabled();
    await modal.getByTestId("fast-complete-other").click();
    await expect(modal.getByTestId("fast-complete-submit")).toBeDisabled();
    await modal.getByTestId("fast-complete-other-text").fill("Solved in game by the player");
    await modal.getByTestId("fast-complete-submit").click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("ticket-page-status")).toHaveText("Closed");
    await expect(page.getByTestId("action-reopen")).toBeVisible();
    const stored = await admin.post<FetchStaffTicketResponse>("/api/tickets/fetch-ticket", { ticket_id: ticket.id });
    expect(stored.ticket).toMatchObject({ status: "CLOSED", excuse: "Solved in game by the player" });
  });

  test("assigning to another employee changes the assignee header", async ({ page }) => {
    // An open ticket that someone besides its assignee handles (category and server): the modal
    // offers only those, and the demo has tickets that no one else may take.
    const { devs } = (await (await page.request.get("/api/users/fetch-devs")).json()) as FetchDevsResponse;
    const ticket = await pickTicket(
      (t) =>
        OPEN.includes(t.status) &&
        devs.some((d) => d.id !== t.assignedTo && d.categories.includes(t.category) && d.servers.includes(t.server)),
    );
    await openTicket(page, ticket);
    const before = await page.getByTestId("ticket-assignee").textContent();
    await page.getByTestId("action-assign").click();
    const modal = page.getByTestId("assign-modal");
    await modal.getByTestId("assign-employee").click();
    const option = page.getByRole("option").filter({ hasNotText: "Auto" }).first();
    const name = (await option.textContent())?.trim() ?? "";
    expect(name).not.toBe("");
    await option.click();
    await modal.getByTestId("assign-submit").click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("ticket-assignee")).toHaveText(`Assigned to ${name}`);
    expect(before).not.toBe(`Assigned to ${name}`);
  });

  test("put on hold", async ({ page }) => {
    const ticket = await pickTicket((t) => ["NEW TICKET", "WAITING DEV", "REPLIED"].includes(t.status));
    await openTicket(page, ticket);
    await page.getByTestId("action-hold").click();
    await page.getByTestId("hold-modal-confirm").click();
    await expect(page.getByTestId("ticket-page-status")).toHaveText("On hold");
    await expect(page.getByTestId("action-hold")).toBeDisabled();
  });

  test("reopen a closed ticket", async ({ page }) => {
    const ticket = await pickTicket((t) => t.status === "CLOSED" || t.status === "RESOLVED");
    await openTicket(page, ticket);
    await expect(page.getByTestId("action-fast-complete")).toBeDisabled();
    await page.getByTestId("action-reopen").click();
    await page.getByTestId("reopen-modal-confirm").click();
    await expect(page.getByTestId("ticket-page-status")).toHaveText("Waiting for staff");
    await expect(page.getByTestId("action-reopen")).toHaveCount(0);
  });

  test("the retain toggle protects the attachments and survives a reload", async ({ page }) => {
    const ticket = await pickTicket((t) => !t.clean && !t.retain_attachments);
    await openTicket(page, ticket);
    const toggle = page.getByTestId("retain-toggle");
    await expect(toggle).not.toBeChecked();
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked();
    await page.reload();
    await expect(page.getByTestId("retain-toggle")).toBeChecked();
    await page.getByTestId("retain-toggle").click({ force: true });
    await expect(page.getByTestId("retain-toggle")).not.toBeChecked();
    const stored = await admin.post<FetchStaffTicketResponse>("/api/tickets/fetch-ticket", { ticket_id: ticket.id });
    expect(stored.ticket.retain_attachments).toBe(false);
  });

  test("a change made elsewhere shows live, without a reload", async ({ page }) => {
    const ticket = await pickTicket((t) => ["NEW TICKET", "WAITING DEV", "REPLIED"].includes(t.status));
    await openTicket(page, ticket);
    await expect(page.getByTestId("ticket-page-status")).not.toHaveText("On hold");
    await admin.post("/api/tickets/put-ticket-on-hold", { ticket_id: ticket.id });
    await expect(page.getByTestId("ticket-page-status")).toHaveText("On hold");
  });

  test("a plain reply on a closed ticket opens the reopen modal, then goes out", async ({ page }) => {
    const ticket = await pickTicket((t) => t.status === "CLOSED" || t.status === "RESOLVED");
    await openTicket(page, ticket);
    const panel = page.getByTestId("staff-chat-panel");
    // Submit-and-resolve and submit-and-close are off on an ended ticket.
    await expect(panel.getByTestId("staff-send-resolve")).toBeDisabled();
    await expect(panel.getByTestId("staff-send-close")).toBeDisabled();
    await panel.getByTestId("staff-reply-input").fill("One more thing about your ticket.");
    await panel.getByTestId("staff-send").click();
    const confirm = page.getByTestId("reopen-modal-confirm");
    await expect(confirm).toBeVisible();
    await confirm.click();
    await expect(confirm).toHaveCount(0);
    // Reopened for the reply: the reply went out and the ticket waits on the player.
    await expect(panel.getByTestId("staff-chat-message-staff").last()).toContainText(
      "One more thing about your ticket.",
    );
    await expect(page.getByTestId("ticket-page-status")).toHaveText("Replied");
  });
});

test.describe("staff ticket page as the dev rank", () => {
  test.use({ storageState: storageStatePath("dev") });

  test("assign offers no employee choice: Auto only", async ({ page }) => {
    // A ticket the dev may act on: theirs, one nobody has, or one the admin hands to them.
    const devs = (await (await page.request.get("/api/users/fetch-devs")).json()) as FetchDevsResponse;
    const dev = devs.devs.find((d) => d.rank === "dev");
    if (!dev) throw new Error("the demo has no dev");
    const ticket = await pickTicket(
      (t) =>
        OPEN.includes(t.status) &&
        (t.assignedTo === null ||
          t.assignedTo === dev.id ||
          (dev.categories.includes(t.category) && dev.servers.includes(t.server))),
    );
    if (ticket.assignedTo !== null && ticket.assignedTo !== dev.id) {
      await admin.post("/api/tickets/assign-ticket", { ticketId: ticket.id, category: ticket.category, devId: dev.id });
    }
    await openTicket(page, ticket);
    await page.getByTestId("action-assign").click();
    const modal = page.getByTestId("assign-modal");
    await expect(modal.getByTestId("assign-dev-rank")).toBeVisible();
    await expect(modal.getByTestId("assign-employee")).toHaveCount(0);
  });

  test("someone else's ticket: the actions are off, each with the server's reason", async ({ page }) => {
    const devs = (await (await page.request.get("/api/users/fetch-devs")).json()) as FetchDevsResponse;
    const dev = devs.devs.find((d) => d.rank === "dev");
    if (!dev) throw new Error("the demo has no dev");
    const ticket = await pickTicket((t) => OPEN.includes(t.status) && t.assignedTo !== null && t.assignedTo !== dev.id);
    await openTicket(page, ticket);
    for (const action of ["action-assign", "action-hold", "action-fast-complete"]) {
      await expect(page.getByTestId(action)).toBeDisabled();
    }
    const ban = page.getByTestId(ticket.banned ? "unban-button" : "ban-button");
    await expect(ban).toBeDisabled();
    await expect(page.getByTestId("ticket-actions").locator('[data-refusal="ban_not_allowed"]')).toHaveCount(1);
    await expect(page.getByTestId("player-panel").locator('[data-refusal="ban_not_allowed"]')).toHaveCount(1);
    await page.locator('[data-refusal="not_ticket_assignee"]').first().hover();
    await expect(page.getByRole("tooltip")).toContainText("Only the employee assigned to this ticket or an admin");
  });
});
