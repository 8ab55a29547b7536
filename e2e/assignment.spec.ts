/**
 * Assignment on the staff ticket page (spec/2-staff-ticket-work.md §4, docs/decisions/assignment.md):
 * "Assign to me" in one click, the assign dialog offering exactly the employees the server
 * answers as eligible, and, with the admin's "assign on first reply" on, a reply that assigns.
 * Each test files a ticket of its own for a member of its own: an unassigned ticket on Report bugs
 * and Europe 1, which the demo's dev handles and its mod does not.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { FetchAssigneesResponse, FetchDevsResponse } from "../common/schemas/staffTickets.ts";
import { storageStatePath } from "./support/env.ts";
import { freshMember } from "./support/freshMember.ts";
import { staffTicketPath } from "./support/playerTicket.ts";
import { signInThroughApi } from "./support/staffApi.ts";

/** A fresh member's fresh, unassigned ticket, and the staff page's address of it. */
async function freshTicket(browser: Browser, name: string) {
  const member = await freshMember(browser, { name, character: `${name.slice(0, 6)}Hero` });
  const { id: ticketId } = await member.fileTicket(`${name} ${Date.now()}`, {
    description: "The quest log is empty after the update.",
  });
  await member.context.close();
  return { ticketId, path: await staffTicketPath(ticketId) };
}

// Each test files a ticket for a member of its own and opens pages in fresh contexts.
test.describe.configure({ timeout: 180_000 });

/** The ticket page has loaded: a fresh context boots the app first, slow on a busy machine. */
async function pageReady(page: Page): Promise<void> {
  await expect(page.getByTestId("ticket-info")).toBeVisible({ timeout: 60_000 });
}

test("assign to me: one click on the ticket page, as the dev rank", async ({ browser }) => {
  const { path } = await freshTicket(browser, "Takeme");
  const context = await browser.newContext({ storageState: storageStatePath("dev") });
  const page = await context.newPage();
  try {
    await page.goto(path);
    await pageReady(page);
    await expect(page.getByTestId("ticket-assignee")).toHaveText("Not assigned");
    await page.getByTestId("action-assign-me").click();
    await expect(page.getByTestId("ticket-assignee")).toHaveText("Assigned to DevKerem");
    // Now theirs: the page reads the new abilities and the button goes.
    await expect(page.getByTestId("action-assign-me")).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test.describe("as the admin", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("the assign dialog lists exactly the eligible employees", async ({ browser, page }) => {
    const { ticketId, path } = await freshTicket(browser, "Dialog");
    const admin = await signInThroughApi("admin");
    let expected: string[];
    try {
      const { ticket } = await admin.post<{ ticket: { category: number } }>("/api/tickets/fetch-ticket", {
        ticket_id: ticketId,
      });
      const { assignees } = await admin.post<FetchAssigneesResponse>("/api/tickets/fetch-assignees", {
        ticket_id: ticketId,
        category: ticket.category,
      });
      expected = assignees.map((a) => a.name).sort();
    } finally {
      await admin.dispose();
    }
    // The dev handles Report bugs everywhere; the mod, listed among the staff, does not handle it.
    const { devs } = (await (await page.request.get("/api/users/fetch-devs")).json()) as FetchDevsResponse;
    expect(expected).toContain("DevKerem");
    expect(expected).not.toContain("ModAyse");
    expect(devs.some((d) => d.name === "ModAyse")).toBe(true);

    await page.goto(path);
    await pageReady(page);
    await page.getByTestId("action-assign").click();
    const modal = page.getByTestId("assign-modal");
    await modal.getByTestId("assign-employee").click();
    const options = page.getByRole("option").filter({ hasNotText: /^Auto$/ });
    await expect(options).toHaveCount(expected.length);
    expect((await options.allTextContents()).map((text) => text.trim()).sort()).toEqual(expected);
    await page.getByRole("option", { name: "DevKerem" }).click();
    await modal.getByTestId("assign-submit").click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("ticket-assignee")).toHaveText("Assigned to DevKerem");
  });

  test("with 'assign on first reply' on, an eligible employee's reply assigns the ticket", async ({
    browser,
    page,
  }) => {
    const { path } = await freshTicket(browser, "Firstreply");
    const admin = await signInThroughApi("admin");
    const dev = await browser.newContext({ storageState: storageStatePath("dev") });
    try {
      // The admin switches it on in the settings.
      await page.goto("/admin/settings/preference-settings");
      const setting = page.getByTestId("desk-assign_on_first_reply");
      await expect(setting).not.toBeChecked({ timeout: 60_000 });
      await setting.click({ force: true });
      await expect(page.getByText("Desk settings saved.")).toBeVisible();
      await expect(setting).toBeChecked();

      // The dev replies on the unassigned ticket: it becomes theirs, as a manual assignment.
      const staff = await dev.newPage();
      await staff.goto(path);
      await pageReady(staff);
      await expect(staff.getByTestId("ticket-assignee")).toHaveText("Not assigned");
      const panel = staff.getByTestId("staff-chat-panel");
      await panel.getByTestId("staff-reply-input").fill("Looking into it now.");
      await panel.getByTestId("staff-send").click();
      await expect(staff.getByTestId("ticket-assignee")).toHaveText("Assigned to DevKerem");
      await expect(staff.getByTestId("action-assign-me")).toHaveCount(0);
    } finally {
      await admin.post("/api/misc/change-desk-settings", { assign_on_first_reply: "false" });
      await admin.dispose();
      await dev.close();
    }
  });
});
