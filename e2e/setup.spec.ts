/**
 * Setup pages (spec/3-staff-administration.md §2.4): the admin adds a category, disables it and a player's create-ticket
 * form (a second browser context) no longer offers it, then enables it again; only one row is in
 * edit at a time; a quick reply given a category is offered on a ticket page of that category.
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { storageStatePath } from "./support/env.ts";
import { player1Tickets, staffTicketUrl } from "./support/playerTicket.ts";
import { openSignedIn } from "./support/staffApi.ts";

async function openAs(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** The category choices of the player's create-ticket form, read afresh. */
async function offeredCategories(page: Page): Promise<string[]> {
  await page.goto("/member/create-ticket");
  await page.getByTestId("category-select").click();
  const options = page.getByRole("option");
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  await page.keyboard.press("Escape");
  return names;
}

test("a disabled category leaves the player's create-ticket form until it is enabled again", async ({ browser }) => {
  const title = `Seasonal event ${Date.now()}`;
  const adminContext = await browser.newContext({ storageState: storageStatePath("admin") });
  // Not player1: the specs before this one file tickets as player1, and a player at a filing limit
  // gets a locked form whose category list cannot be opened.
  const playerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const admin = await openAs(adminContext, "/admin/setup/category-setup");
    await admin.getByTestId("category-table-add").click();
    const form = admin.getByTestId("category-form");
    await expect(form.getByTestId("category-form-submit")).toBeDisabled();
    await form.getByTestId("setup-title").fill(title);
    await form.getByTestId("setup-value").fill("5");
    await form.getByTestId("category-form-submit").click();
    const row = admin.getByTestId("category-table-row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByTestId("category-tickets")).toHaveText("0");

    const player = await playerContext.newPage();
    await openSignedIn(player, "player5", "/member/home");
    expect(await offeredCategories(player)).toContain(title);

    await row.getByTestId("category-disable").click();
    await expect(admin.getByText(`Disable “${title}”?`)).toBeVisible();
    await admin.getByTestId("confirm-action-confirm").click();
    await expect(row.getByTestId("category-locked")).toBeVisible();
    expect(await offeredCategories(player)).not.toContain(title);

    await row.getByTestId("category-enable").click();
    await expect(admin.getByText(`Enable “${title}”?`)).toBeVisible();
    await admin.getByTestId("confirm-action-confirm").click();
    await expect(row.getByTestId("category-locked")).toHaveCount(0);
    expect(await offeredCategories(player)).toContain(title);

    // A category without tickets can go; it moves to the deleted list.
    await row.getByTestId("setup-delete").click();
    await expect(
      admin.getByText("Are you sure you want to delete this item? This action cannot be undone."),
    ).toBeVisible();
    await admin.getByTestId("confirm-action-confirm").click();
    await expect(row).toHaveCount(0);
    await admin.getByTestId("setup-deleted").getByRole("button").click();
    await expect(admin.getByTestId("setup-deleted").getByText(title)).toBeVisible();
  } finally {
    await adminContext.close();
    await playerContext.close();
  }
});

test("only one row is in edit at a time, and submit waits for a change", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStatePath("admin") });
  try {
    const page = await openAs(context, "/admin/setup/server-setup");
    const rows = page.getByTestId("server-table-row");
    await expect(rows.nth(1)).toBeVisible();
    await rows.first().getByTestId("setup-edit").click();
    const form = page.getByTestId("server-form");
    await expect(form).toHaveCount(1);
    // The other rows wait, and so does the add button.
    await expect(rows.nth(1).getByTestId("setup-edit")).toBeDisabled();
    await expect(rows.nth(1).getByTestId("setup-delete")).toBeDisabled();
    await expect(page.getByTestId("server-table-add")).toBeDisabled();
    await expect(form.getByTestId("server-form-submit")).toBeDisabled();
    const original = await form.getByTestId("setup-title").inputValue();
    await form.getByTestId("setup-title").fill(`${original} (EU)`);
    await expect(form.getByTestId("server-form-submit")).toBeEnabled();
    await form.getByTestId("setup-title").fill(original);
    await expect(form.getByTestId("server-form-submit")).toBeDisabled();
    await form.getByTestId("setup-value").fill("not a number");
    await expect(form.getByText("Enter a whole number.")).toBeVisible();
    await expect(form.getByTestId("server-form-submit")).toBeDisabled();
    await form.getByTestId("server-form-cancel").click();
    await expect(page.getByTestId("server-form")).toHaveCount(0);
    await expect(rows.nth(1).getByTestId("setup-edit")).toBeEnabled();
    await expect(page.getByTestId("server-table-add")).toBeEnabled();
  } finally {
    await context.close();
  }
});

test("a quick reply given a category is offered on a ticket page of that category", async ({ browser }) => {
  const tickets = await player1Tickets();
  const ticket = tickets.find((t) => t.status !== "RESOLVED" && t.status !== "CLOSED");
  expect(ticket, "player1 has an open ticket").toBeTruthy();
  if (!ticket) return;
  const other = tickets.find((t) => t.category !== ticket.category);

  const context = await browser.newContext({ storageState: storageStatePath("admin") });
  try {
    const page = await openAs(context, "/admin/setup/quick-replies");
    const categories = (await (await page.request.get("/api/setup/fetch-categories")).json()).categories as {
      id: number;
      title: string;
    }[];
    const category = categories.find((c) => c.id === ticket.category);
    expect(category, "the ticket's category is live").toBeTruthy();

    const title = `Payment follow-up ${Date.now()}`;
    await page.getByTestId("quick-reply-table-add").click();
    const form = page.getByTestId("quick-reply-form");
    await form.getByTestId("setup-title").fill(title);
    await form.getByTestId("quick-reply-message").fill("We have checked your payment and will write again soon.");
    await form.getByTestId("quick-reply-form-submit").click();
    const row = page.getByTestId("quick-reply-table-row").filter({ hasText: title });
    await expect(row).toContainText("All categories");

    await row.getByTestId("quick-reply-set-categories").click();
    const categoriesForm = page.getByTestId("quick-reply-categories-form");
    await categoriesForm.getByTestId("quick-reply-categories").click();
    await page.getByRole("option", { name: category?.title ?? "" }).click();
    await page.keyboard.press("Escape");
    await categoriesForm.getByTestId("quick-reply-categories-form-submit").click();
    await expect(row).toContainText(category?.title ?? "");

    // The ticket page offers them behind the quick replies button beside the reply box.
    await page.goto(staffTicketUrl(ticket));
    await page.getByTestId("quick-reply-button").click();
    const panel = page.getByTestId("quick-reply-panel");
    await expect(panel.getByTestId("quick-reply-item").filter({ hasText: title })).toBeVisible();
    if (other) {
      await page.goto(staffTicketUrl(other));
      await page.getByTestId("quick-reply-button").click();
      await expect(page.getByTestId("quick-reply-item").first()).toBeVisible();
      await expect(page.getByTestId("quick-reply-item").filter({ hasText: title })).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
});
