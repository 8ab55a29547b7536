/**
 * One turn of a support day across the parts of the staff side (spec/2-staff-ticket-work.md §2, §4): a staff member
 * finds a fresh ticket on /admin/ticket by a part of its e-mail, opens it and replies; the
 * visitor's own ticket page, in a second browser context, shows the reply live.
 */
import { expect, type Page, test } from "@playwright/test";
import { storageStatePath } from "./support/env.ts";
import { solveCaptcha } from "./support/signIn.ts";

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

test.describe.configure({ timeout: 120_000 });

test("staff find a ticket by an e-mail substring, open it and reply; the player sees the reply live", async ({
  browser,
}) => {
  // A visitor files a ticket and keeps its page open.
  const stamp = Date.now();
  const email = `daylight${stamp}@example.test`;
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const staffContext = await browser.newContext({ storageState: storageStatePath("mod") });
  try {
    const player = await visitor.newPage();
    await player.goto("/ticket");
    await player.getByRole("textbox", { name: "E-mail" }).fill(email);
    await player.getByRole("textbox", { name: "Your name" }).fill("Daylight");
    await choose(player, "Category", "Registration problems");
    await choose(player, "Server", "Asia");
    await player.getByRole("textbox", { name: "Subject" }).fill(`Locked out ${stamp}`);
    await player.getByRole("textbox", { name: "Description" }).fill("The game says my account is locked.");
    await solveCaptcha(player);
    await player.getByTestId("submit-ticket").click();
    await expect(player.getByTestId("ticket-filed")).toBeVisible();
    const ticketId = Number(await player.getByTestId("ticket-filed").getAttribute("data-ticket-id"));
    await player.goto(await player.getByTestId("private-link").inputValue());
    await expect(player.getByTestId("ticket-subject")).toHaveText(`Locked out ${stamp}`);

    // The staff member searches a part of the address (Contains) among everyone's tickets.
    const staff = await staffContext.newPage();
    await staff.goto("/admin/ticket");
    await staff.getByTestId("view-search").click();
    await expect(staff.getByTestId("ticket-search")).toBeVisible();
    await staff.getByTestId("clear-button").click();
    await staff.getByTestId("filter-email").fill(`light${stamp}@exam`);
    await staff.getByTestId("filter-email-mode").click();
    await staff.getByRole("option", { name: "Contains", exact: true }).click();
    await staff.getByTestId("search-button").click();
    const rows = staff.getByTestId("ticket-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-ticket-id", String(ticketId));
    await rows.first().getByTestId("ticket-link").click();
    await staff.waitForURL(/\/admin\/[^/]+\/edit$/);

    const panel = staff.getByTestId("staff-chat-panel");
    await panel.getByTestId("staff-reply-input").fill("Your account is unlocked, please try again.");
    await panel.getByTestId("staff-send").click();
    await expect(panel.getByTestId("staff-chat-message-staff")).toContainText("Your account is unlocked");

    // Live on the visitor's page, without a reload.
    await expect(player.getByTestId("chat-message-staff")).toContainText("Your account is unlocked, please try again.");
  } finally {
    await staffContext.close();
    await visitor.close();
  }
});
