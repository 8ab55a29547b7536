/**
 * Reply signals, as a player lives them: a staff reply reaches home and history without a
 * reload (unread badge, last update, status, toast, "[n] " title), opening the ticket clears it;
 * a visitor without an account sees the ticket number and finds the ticket again with it.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { freshMember } from "./support/freshMember.ts";
import { solveCaptcha } from "./support/signIn.ts";
import { signInThroughApi } from "./support/staffApi.ts";

// Each test solves the proof-of-work check once or twice; on a loaded machine that alone can
// take most of the default minute.
test.describe.configure({ timeout: 180_000 });

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

/** A member of their own (no other spec touches them) with one fresh ticket, signed in on home. */
async function freshMemberWithTicket(browser: Browser, subject: string) {
  // Signed in and filed through the API of the browser's own context (its cookies are the
  // page's): the proof of work runs in Node, which a loaded machine manages far faster than the
  // widget. The visitor test below files through the form.
  const member = await freshMember(browser, { name: "Signals", character: "Beacon" });
  const { context } = member;
  const ticket = await member.fileTicket(subject, { description: "The lighthouse quest never completes." });
  const page = await context.newPage();
  await page.goto(`/member/ticket/${ticket.fetchCode}`);
  await page.waitForURL(/\/member\/ticket\/[^/]+$/);
  // The ticket page shows the one reference, with a copy button.
  const reference = (await page.getByTestId("ticket-reference").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^#\d+$/);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`Ticket ${reference}`);
  await expect(page.getByTestId("copy-ticket-reference")).toBeVisible();
  const ticketId = await page.evaluate(() => {
    const code = location.pathname.split("/").pop() ?? "";
    return Number(JSON.parse(atob(decodeURIComponent(code))).ticketId);
  });
  return { context, page, ticketId, reference };
}

test("a staff reply shows on home and history without a reload; opening the ticket clears it", async ({ browser }) => {
  const subject = `Signals ${Date.now()}`;
  const { context, page, ticketId, reference } = await freshMemberWithTicket(browser, subject);
  const staff = await signInThroughApi("mod");
  try {
    // Home, reached inside the app (the socket stays as it is, as for a person clicking around).
    await page.getByRole("link", { name: "Home" }).first().click();
    await page.waitForURL("**/member/home");
    const homeRow = page.locator(`[data-testid="recent-ticket"][data-ticket-id="${ticketId}"]`);
    await expect(homeRow).toBeVisible();
    await expect(homeRow.getByTestId("ticket-status")).toHaveText("Active");
    await expect(homeRow.getByTestId("unread-badge")).toHaveCount(0);
    await expect(page).toHaveTitle(/^(?!\[)/);
    const updated = homeRow.getByTestId("recent-updated");
    const updatedBefore = Number(await updated.getAttribute("data-value"));

    // Times are whole seconds: let one pass, so the reply's "Last updated" is a later one.
    await page.waitForTimeout(1100);
    await staff.post("/api/new-chat-message", { chatId: `chat-${ticketId}`, message: "We are looking into it." });

    await expect(homeRow.getByTestId("unread-badge")).toHaveText("1");
    await expect(page).toHaveTitle(/^\[1\] /);
    const toast = page.getByTestId("reply-toast");
    await expect(toast).toContainText(`New reply on ticket ${reference}`);
    await expect.poll(async () => Number(await updated.getAttribute("data-value"))).toBeGreaterThan(updatedBefore);

    // History: sorted by last activity, the badge and the status follow live.
    await page.getByRole("link", { name: "Ticket history" }).first().click();
    await page.waitForURL("**/member/ticket-history");
    const firstRow = page.getByTestId("history-row").first();
    await expect(firstRow).toHaveAttribute("data-ticket-id", String(ticketId));
    await expect(firstRow.getByTestId("unread-badge")).toHaveText("1");
    await expect(firstRow).toContainText(reference);

    await staff.post("/api/new-chat-message", { chatId: `chat-${ticketId}`, message: "Found it, fixing now." });
    await expect(firstRow.getByTestId("unread-badge")).toHaveText("2");
    await expect(page).toHaveTitle(/^\[2\] /);

    await staff.post("/api/tickets/submit-ticket-complete", {
      ticket_id: ticketId,
      action: "RESOLVED",
      excuse: "Fixed in the next patch.",
    });
    await expect(firstRow.getByTestId("ticket-status")).toHaveText("Resolved");

    // The toast's link opens the ticket; reading it clears the badge and the title's count.
    await page.getByTestId("reply-toast-link").first().click();
    await page.waitForURL(/\/member\/ticket\/[^/]+$/);
    await expect(page.getByTestId("ticket-subject")).toHaveText(subject);
    await expect(page).toHaveTitle(/^(?!\[)/);
    await page.goBack();
    await page.waitForURL("**/member/ticket-history");
    await expect(page.getByTestId("history-row").first().getByTestId("unread-badge")).toHaveCount(0);

    // Kept by the server: a reload shows the same (no badge now, and a new reply counts again).
    await page.reload();
    await expect(page.getByTestId("history-row").first()).toHaveAttribute("data-ticket-id", String(ticketId));
    await expect(page.getByTestId("history-row").first().getByTestId("unread-badge")).toHaveCount(0);
  } finally {
    await staff.dispose();
    await context.close();
  }
});

test("a visitor sees the ticket number on filing, and Find my ticket opens the ticket with it", async ({ browser }) => {
  const email = `refvisitor${Date.now()}@example.test`;
  const subject = `Reference ${Date.now()}`;
  const filing = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  let reference = "";
  try {
    const page = await filing.newPage();
    await page.goto("/ticket");
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    await page.getByRole("textbox", { name: "Your name" }).fill("Visitor");
    await choose(page, "Category", "Registration problems");
    await choose(page, "Server", "Asia");
    await page.getByRole("textbox", { name: "Subject" }).fill(subject);
    await page.getByRole("textbox", { name: "Description" }).fill("The sign-up page says my e-mail is taken.");
    await solveCaptcha(page);
    await page.getByTestId("submit-ticket").click();
    await expect(page.getByTestId("ticket-filed")).toBeVisible();
    reference = (await page.getByTestId("ticket-reference").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^#\d{9,}$/);
    // The same reference heads the ticket page.
    await page.getByTestId("open-filed-ticket").click();
    await expect(page.getByTestId("ticket-subject")).toHaveText(subject);
    await expect(page.getByTestId("ticket-details").getByTestId("ticket-reference")).toHaveText(reference);
  } finally {
    await filing.close();
  }

  for (const typed of [reference, reference.slice(1)]) {
    const finding = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const page = await finding.newPage();
      await page.goto("/ticket?tab=find");
      await page.getByRole("textbox", { name: "Ticket number" }).fill(typed);
      await page.getByRole("textbox", { name: "E-mail" }).fill(email);
      await page.getByTestId("find-ticket").click();
      await page.waitForURL(/\/ticket\/[^/?]+$/);
      await expect(page.getByTestId("ticket-subject")).toHaveText(subject);
      await expect(page.getByTestId("ticket-details").getByTestId("ticket-reference")).toHaveText(reference);
    } finally {
      await finding.close();
    }
  }
});
