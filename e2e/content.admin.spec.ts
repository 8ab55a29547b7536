/**
 * Announcements and FAQs from the staff side (spec/3-staff-administration.md §2.1, §2.4): an admin writes a player
 * announcement in Turkish and English and the player home shows the one of its language; an FAQ
 * added in setup reaches the public FAQ page; an employee announcement reaches the dashboard.
 * Each test removes what it wrote through the page's own Delete, so the demo data stays as it was.
 */
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import dayjs from "dayjs";
import { type AccountName, storageStatePath } from "./support/env.ts";

test.describe.configure({ timeout: 120_000 });
/** How long a freshly opened signed-in page may take to show its data on a shared machine. */
const SLOW_PAGE_MS = 30_000;

async function pageAs(browser: Browser, account: AccountName | null): Promise<Page> {
  const context = await browser.newContext({
    storageState: account ? storageStatePath(account) : { cookies: [], origins: [] },
  });
  return context.newPage();
}

async function chooseLanguage(page: Page, language: string): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/profile/change-language-preference"));
  await page.getByTestId("language-picker").click();
  await page.getByTestId(`language-option-${language}`).click();
  await saved;
}

/** Deletes a row through its Delete button and the shared confirmation. */
async function deleteRow(page: Page, row: Locator, button: string): Promise<void> {
  await row.getByTestId(button).click();
  await page.getByTestId("confirm-action-confirm").click();
  await expect(row).toHaveCount(0);
}

/** Shows the panel's item whose title is `title` by clicking its dot (the panel rotates). */
async function showInPanel(panel: Locator, title: string): Promise<void> {
  await panel.hover();
  const dots = panel.getByTestId("announcement-dot");
  const count = await dots.count();
  for (let i = 0; i < count; i++) {
    await dots.nth(i).click();
    if ((await panel.getByTestId("announcement-title").textContent()) === title) return;
  }
  throw new Error(`no announcement titled ${title} in the panel`);
}

test("an admin writes an announcement in Turkish and English; the player home shows the one of its language", async ({
  browser,
}) => {
  const stamp = Date.now();
  const turkish = `Bakım ${stamp}`;
  const english = `Maintenance ${stamp}`;
  const admin = await pageAs(browser, "admin");
  await admin.goto("/admin/setup/announcements-setup");
  await expect(admin.getByRole("heading", { name: "Announcements" })).toBeVisible();
  await admin.getByTestId("announcement-add").click();
  const form = admin.getByTestId("announcement-form");
  const save = form.getByTestId("announcement-save");
  // Only one row in edit: the add button waits until this form closes.
  await expect(admin.getByTestId("announcement-add")).toBeDisabled();
  await expect(save).toBeDisabled();
  await form.getByRole("textbox", { name: "Title", exact: true }).fill(turkish);
  const message = "Sunucular bu gece bakımda.";
  await form.getByRole("textbox", { name: "Message", exact: true }).fill(message);
  // The 300-character counter of spec/3-staff-administration.md §5.
  await expect(form.getByText(`${message.length}/300`)).toBeVisible();
  await form.getByRole("textbox", { name: "English title" }).fill(english);
  await form.getByRole("textbox", { name: "English message" }).fill("The servers are down for maintenance tonight.");
  // The start date is today; the end date is missing until Indefinite is on.
  await expect(form.getByTestId("announcement-start")).toHaveText(dayjs().format("DD.MM.YYYY"));
  await expect(save).toBeDisabled();
  await form.getByTestId("announcement-indefinite").click();
  await form.getByRole("textbox", { name: "Value" }).fill("-1000");
  await expect(save).toBeEnabled();
  await save.click();

  const row = admin.getByTestId("announcement-row").filter({ hasText: turkish });
  await expect(row).toContainText(english);
  await expect(row).toContainText(dayjs().format("DD.MM.YYYY"));
  await expect(row).toContainText("Indefinite");
  await expect(row.getByTestId("announcement-active")).toBeChecked();
  await expect(admin.getByTestId("announcement-add")).toBeEnabled();

  const player = await pageAs(browser, "player");
  try {
    await player.goto("/member/home");
    const panel = player.getByTestId("announcements-panel");
    await expect(panel.getByTestId("announcement-dot").first()).toBeVisible({ timeout: SLOW_PAGE_MS });
    await showInPanel(panel, english);
    await chooseLanguage(player, "tr");
    await expect(panel.getByTestId("announcement-title")).toHaveText(turkish);
    await expect(panel).toContainText("Sunucular bu gece bakımda.");
  } finally {
    await chooseLanguage(player, "en");
  }

  // Switched off, players no longer see it; then it goes.
  await row.getByTestId("announcement-active").click();
  await expect(row.getByTestId("announcement-active")).not.toBeChecked();
  await player.reload();
  await expect(player.getByTestId("announcements-panel")).toBeVisible();
  await expect(player.getByTestId("announcements-panel")).not.toContainText(english);
  await deleteRow(admin, row, "announcement-delete");
});

test("an FAQ added in setup shows on the public FAQ page", async ({ browser }) => {
  const stamp = Date.now();
  const admin = await pageAs(browser, "admin");
  await admin.goto("/admin/setup/faq-setup");
  await expect(admin.getByRole("heading", { name: "FAQ setup" })).toBeVisible();
  await expect(admin.getByText("Set up the frequently asked questions.")).toBeVisible();
  const table = admin.getByTestId("faq-setup-table");
  for (const header of ["FAQ", "FAQ (English)", "Value"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await admin.getByTestId("faq-add").click();
  const form = admin.getByTestId("faq-form");
  await expect(form.getByText("Please translate the above FAQ to English here.")).toBeVisible();
  await expect(form.getByText("International users will see this message instead of the above.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Value" })).toHaveValue("0");
  await expect(form.getByTestId("faq-delete")).toHaveCount(0);
  // While the form is open, no other row can be edited and no second form added.
  await expect(admin.getByTestId("faq-edit").first()).toBeDisabled();
  await expect(admin.getByTestId("faq-add")).toBeDisabled();
  const submit = form.getByTestId("faq-submit");
  await form.getByRole("textbox", { name: "Title", exact: true }).fill(`Hesabım çalındı ${stamp}`);
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Destek talebi açın.");
  await form.getByRole("textbox", { name: "Title (English)" }).fill(`My account was stolen ${stamp}`);
  await expect(submit).toBeDisabled();
  await form.getByRole("textbox", { name: "Message (English)" }).fill("Open a ticket, see https://example.com/help");
  await expect(submit).toBeEnabled();
  await submit.click();
  const row = admin.getByTestId("faq-setup-row").filter({ hasText: `My account was stolen ${stamp}` });
  await expect(row).toContainText(`Hesabım çalındı ${stamp}`);

  const visitor = await pageAs(browser, null);
  await visitor.goto("/faq");
  const entry = visitor.getByTestId("faq-entry").filter({ hasText: `My account was stolen ${stamp}` });
  await entry.click();
  await expect(entry.getByRole("link", { name: "https://example.com/help" })).toBeVisible();

  // An edit that changes nothing cannot be submitted; Delete sits in the edit form.
  await row.getByTestId("faq-edit").click();
  await expect(admin.getByTestId("faq-submit")).toBeDisabled();
  await admin.getByTestId("faq-delete").click();
  await admin.getByTestId("confirm-action-confirm").click();
  await expect(row).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByTestId("faq-entry").first()).toBeVisible();
  await expect(visitor.getByText(`My account was stolen ${stamp}`)).toHaveCount(0);
});

test("the dashboard panel shows an employee announcement", async ({ browser }) => {
  const title = `Shift change ${Date.now()}`;
  const admin = await pageAs(browser, "admin");
  await admin.goto("/admin/setup/employee-announcements-setup");
  await expect(admin.getByRole("heading", { name: "Employee announcements" })).toBeVisible();
  await admin.getByTestId("announcement-add").click();
  const form = admin.getByTestId("announcement-form");
  await expect(form.getByRole("textbox", { name: "English title" })).toHaveCount(0);
  await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await form
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("The night shift starts at 22:00 from Monday.");
  await form.getByTestId("announcement-indefinite").click();
  await form.getByTestId("announcement-save").click();
  const row = admin.getByTestId("announcement-row").filter({ hasText: title });
  await expect(row).toBeVisible();

  const mod = await pageAs(browser, "mod");
  await mod.goto("/admin/dashboard");
  const panel = mod.getByTestId("dashboard-employee-announcements").getByTestId("announcements-panel");
  // The first dashboard load of a signed-in page can take a while on a busy machine.
  await expect(panel).toContainText("Employee announcements", { timeout: SLOW_PAGE_MS });
  await showInPanel(panel, title);
  await expect(panel).toContainText("The night shift starts at 22:00 from Monday.");
  // New to this reader and recent: the yellow border.
  await expect(panel).toHaveAttribute("data-highlighted", "true");
  await expect(mod.getByTestId("dashboard-player-announcements")).toContainText("Player announcements");
  await deleteRow(admin, row, "announcement-delete");
});
