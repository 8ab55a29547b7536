/**
 * A member's ticket from start to end (spec/1-product-frame.md §2): file it with an attachment, find it in the
 * history, read a staff reply that arrives live, mark it solved. Also the ban notice and the
 * member without characters.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, storageStatePath } from "./support/env.ts";
import { fillSignInForm, signInButton, solveCaptcha } from "./support/signIn.ts";
import { signInThroughApi } from "./support/staffApi.ts";

/** A 1×1 PNG: small, and a real image by its bytes (the server checks magic numbers). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

async function fillTicket(page: Page, subject: string, character: string | RegExp) {
  await choose(page, "Category", "Report bugs");
  await choose(page, "Server", "Europe 1");
  await choose(page, "Character name", character);
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("textbox", { name: "Description" }).fill("The shop window stays empty after the update.");
}

test.describe("member ticket", () => {
  test.use({ storageState: storageStatePath("player") });

  test("file with an attachment, find in history, live staff reply, mark solved", async ({ page }) => {
    const subject = `Shop is empty ${Date.now()}`;
    await page.goto("/member/create-ticket");
    await fillTicket(page, subject, /^Shadow/);
    await page.locator('input[type="file"]').setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId("attachment-list")).toContainText("shot.png");
    const submit = page.getByTestId("submit-ticket");
    await expect(submit).toBeDisabled();
    await solveCaptcha(page);
    await submit.click();

    await page.waitForURL(/\/member\/ticket\/[^/]+$/);
    await expect(page.getByTestId("ticket-subject")).toHaveText(subject);
    await expect(page.getByTestId("ticket-status")).toHaveText("Active");
    await expect(page.getByTestId("ticket-description").getByTestId("attachment-image")).toHaveCount(1);
    // Nobody answered yet: the ticket cannot be marked solved.
    await expect(page.getByTestId("mark-solved")).toHaveCount(0);

    await page.goto("/member/ticket-history");
    const row = page.getByTestId("history-row").filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await row.getByText(subject).click();
    await page.waitForURL(/\/member\/ticket\/[^/]+$/);
    await expect(page.getByTestId("ticket-subject")).toHaveText(subject);
    const chatId = await page.evaluate(async () => {
      const code = location.pathname.split("/").pop() ?? "";
      return `chat-${JSON.parse(atob(decodeURIComponent(code))).ticketId}`;
    });
    await expect(page.getByTestId("chat-empty")).toBeVisible();

    // The player writes first; Enter sends.
    await page.getByTestId("reply-input").fill("It happens on every login.");
    await page.getByTestId("reply-input").press("Enter");
    await expect(page.getByTestId("chat-message-own")).toContainText("It happens on every login.");

    const staff = await signInThroughApi("mod");
    try {
      await staff.post("/api/new-chat-message", { chatId, message: "Thanks, we are restocking the shop now." });
    } finally {
      await staff.dispose();
    }
    // Live, without a reload: the socket brings the reply, and the status moves on.
    const reply = page.getByTestId("chat-message-staff");
    await expect(reply).toContainText("Thanks, we are restocking the shop now.");
    await expect(reply).toContainText("GM");
    await expect(page.getByTestId("chat-message-staff")).toHaveCount(1);

    const solved = page.getByTestId("mark-solved");
    await expect(solved).toBeEnabled();
    await solved.click();
    await expect(page.getByRole("dialog", { name: "Confirm action" })).toBeVisible();
    await page.getByTestId("confirm-action-confirm").click();
    await expect(page.getByTestId("ticket-status")).toHaveText("Resolved");
    await expect(page.getByTestId("reply-box")).toHaveCount(0);
    await expect(page.getByTestId("chat-ended")).toBeVisible();
    await expect(solved).toBeDisabled();
  });

  test("a file of another type is refused inline by name; the chosen files stay", async ({ page }) => {
    await page.goto("/member/create-ticket");
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByTestId("attachment-list")).toContainText("notes.txt");
    await input.setInputFiles({ name: "tool.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
    await expect(page.getByTestId("attachment-refused")).toContainText("tool.exe");
    await expect(page.getByTestId("attachment-refused")).toContainText("this file type is not accepted");
    await expect(page.getByTestId("attachment-list")).toContainText("notes.txt");
  });
});

test.describe("members who cannot file", () => {
  test("a banned member reads the ban and its end before filling anything", async ({ page }) => {
    await fillSignInForm(page, "banned@demo.test", DEMO_PASSWORD);
    await signInButton(page).click();
    await page.waitForURL("**/member/home");
    await page.goto("/member/create-ticket");
    const notice = page.getByTestId("filing-notice");
    await expect(notice).toContainText("Your account is banned from filing tickets until");
    await expect(page.getByTestId("submit-ticket")).toBeDisabled();
    await expect(page).toHaveURL(/\/member\/create-ticket$/);
  });

  test("a member without characters gets the sentence instead of the form", async ({ page }) => {
    await fillSignInForm(page, "nochar@demo.test", DEMO_PASSWORD);
    await signInButton(page).click();
    await page.waitForURL("**/member/home");
    await page.goto("/member/create-ticket");
    await expect(page.getByTestId("no-characters")).toHaveText(
      "You need to have a character in the game in order to create a support ticket.",
    );
    await expect(page.getByTestId("submit-ticket")).toHaveCount(0);
  });
});
