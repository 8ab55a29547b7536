/**
 * A visitor without an account (spec/1-product-frame.md §1, §4): files a ticket on /ticket, then opens it again by
 * id and e-mail, and through the private link, each time in a fresh browser context.
 */
import { expect, type Page, test } from "@playwright/test";
import { solveCaptcha } from "./support/signIn.ts";

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

test("a visitor files a ticket and opens it again by id and e-mail", async ({ page, browser }) => {
  const email = `visitor${Date.now()}@example.test`;
  const subject = "Cannot register a new account";
  await page.goto("/home");
  await page.getByRole("link", { name: "Ticket without account" }).first().click();
  await page.waitForURL("**/ticket");

  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Your name" }).fill("Visitor");
  await choose(page, "Category", "Registration problems");
  await choose(page, "Server", "Asia");
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("textbox", { name: "Description" }).fill("The sign-up page says my e-mail is taken.");
  await solveCaptcha(page);
  await page.getByTestId("submit-ticket").click();

  await expect(page.getByTestId("ticket-filed")).toBeVisible();
  // The one reference: the ticket number, shown with its "#".
  const ticketId = (await page.getByTestId("ticket-reference").textContent())?.trim() ?? "";
  expect(ticketId).toMatch(/^#\d+$/);
  const link = await page.getByTestId("private-link").inputValue();
  expect(link).toMatch(/\/ticket\/[^/]+$/);

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto("/ticket?tab=find");
    await other.getByRole("textbox", { name: "Ticket number" }).fill(ticketId);
    await other.getByRole("textbox", { name: "E-mail" }).fill("nobody@example.test");
    await other.getByTestId("find-ticket").click();
    await expect(other.getByTestId("find-error")).toHaveText("No ticket was found with this ticket number and e-mail.");

    await other.getByRole("textbox", { name: "E-mail" }).fill(email);
    await other.getByTestId("find-ticket").click();
    await other.waitForURL(/\/ticket\/[^/]+$/);
    await expect(other.getByTestId("ticket-subject")).toHaveText(subject);
    await expect(other.getByTestId("ticket-status")).toHaveText("Active");
    // Temporary users follow their ticket but cannot mark it solved.
    await expect(other.getByTestId("mark-solved")).toHaveCount(0);
    await other.getByTestId("reply-input").fill("Any news?");
    await other.getByTestId("send-message").click();
    await expect(other.getByTestId("chat-message-own")).toContainText("Any news?");
  } finally {
    await fresh.close();
  }

  const viaLink = await browser.newContext();
  try {
    const other = await viaLink.newPage();
    await other.goto(link);
    await expect(other.getByTestId("ticket-subject")).toHaveText(subject);
    await expect(other.getByTestId("chat-message-own")).toContainText("Any news?");
  } finally {
    await viaLink.close();
  }
});
