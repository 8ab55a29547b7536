/**
 * Staff users with immediate effect (spec/3-staff-administration.md §2.2, §2.7, §4): an admin creates a mod on
 * /admin/users and copies the set-up link; the new mod sets a password in a fresh browser, signs
 * in and sees only the sidebar entries their permissions allow; the admin takes setup:view away
 * and the mod's open setup page goes to the dashboard at once, without a reload; the admin
 * disables the mod and the mod's page is signed out.
 */
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN_EMAIL, storageStatePath } from "./support/env.ts";
import { fillSignInForm, signInButton } from "./support/signIn.ts";

const PASSWORD = "New-M0d!Passw0rd";

test.use({ storageState: storageStatePath("admin") });

/** A browser context of its own, signed in as nobody. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

function staffRow(page: Page, email: string) {
  return page.locator(`[data-testid="staff-row"][data-email="${email}"]`);
}

/** Sorts the list by e-mail and makes the page large enough for the row to be on it. */
async function findRow(page: Page, email: string) {
  const row = staffRow(page, email);
  if (!(await row.isVisible())) {
    await page.getByTestId("staff-pager-size").click();
    await page.getByRole("option", { name: "100" }).click();
  }
  await expect(row).toBeVisible();
  return row;
}

test("an admin creates a mod who sets a password, signs in, loses setup:view live and is signed out by a disable", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `mod-${randomBytes(4).toString("hex")}@e2e.test`;

  // The admin creates the mod: e-mail checked on blur, employee, rank mod with its defaults.
  await page.goto("/admin/users");
  await expect(page.getByTestId("staff-table")).toBeVisible();
  await page.getByTestId("create-user").click();
  const dialog = page.getByTestId("create-user-dialog");
  await dialog.getByTestId("create-email").fill("admin@example.com");
  await dialog.getByTestId("create-type-dev").click();
  await expect(dialog.getByText("This e-mail is already registered.")).toBeVisible();
  await expect(dialog.getByTestId("dialog-confirm")).toBeDisabled();
  await dialog.getByTestId("create-email").fill(email);
  await dialog.getByTestId("create-email").blur();
  await expect(dialog.getByText("This e-mail is already registered.")).toBeHidden();
  await expect(dialog.getByTestId("dialog-confirm")).toBeDisabled();
  await dialog.getByTestId("create-rank").click();
  await page.getByRole("option", { name: "Moderator" }).click();
  await expect(dialog.getByTestId("permission-setup:view")).toBeChecked();
  await expect(dialog.getByTestId("permission-users:create")).not.toBeChecked();
  // Each permission reads by its translated name, not its permission string.
  await expect(dialog.getByRole("checkbox", { name: "Change passwords" })).toBeVisible();
  await expect(dialog.getByText("Quick replies", { exact: true })).toBeVisible();
  await expect(dialog.getByText(/reset_pw|quick_response/i)).toHaveCount(0);
  await dialog.getByTestId("dialog-confirm").click();
  const link = await dialog.getByTestId("setup-link").inputValue();
  expect(link).toMatch(/\/setup-password\/[\w-]+$/);
  await dialog.getByTestId("setup-link-close").click();
  await expect(await findRow(page, email)).toContainText("Moderator");

  // The mod opens the link in a browser of their own and sets a password.
  const mod = await freshPage(browser);
  try {
    await mod.goto(link);
    await mod.getByLabel("New password").fill(PASSWORD);
    await mod.getByLabel("Confirm password").fill(PASSWORD);
    await mod.getByRole("button", { name: "Set password" }).click();
    await expect(mod.getByTestId("password-set")).toBeVisible();

    // Signed in, the mod sees what a mod's defaults allow: no more.
    await fillSignInForm(mod, email, PASSWORD);
    await signInButton(mod).click();
    await mod.waitForURL("**/admin/dashboard");
    for (const entry of [
      "dashboard",
      "tickets",
      "notifications",
      "players",
      "users",
      "statistics",
      "setup",
      "settings",
    ]) {
      await expect(mod.getByTestId(`sidebar-${entry}`)).toBeVisible();
    }
    await mod.getByTestId("sidebar-users").click();
    await expect(mod.getByTestId("staff-table")).toBeVisible();
    // users:view only: no create button and no actions.
    await expect(mod.getByTestId("create-user")).toHaveCount(0);
    await expect(mod.locator('[data-testid^="action-"]')).toHaveCount(0);

    await mod.goto("/admin/setup/category-setup");
    await expect(mod).toHaveURL(/\/admin\/setup\/category-setup$/);
    const marker = await mod.evaluate(() => {
      (window as unknown as { stillSamePage: boolean }).stillSamePage = true;
      return true;
    });
    expect(marker).toBe(true);

    // The admin takes setup:view away; the mod's open page follows at once, without a reload.
    const row = await findRow(page, email);
    await row.getByTestId("action-permissions").click();
    const edit = page.getByTestId("permissions-dialog");
    await expect(edit.getByTestId("dialog-confirm")).toBeDisabled();
    await edit.getByTestId("permission-setup:view").uncheck();
    await edit.getByTestId("dialog-confirm").click();
    await expect(edit).toBeHidden();

    await mod.waitForURL("**/admin/dashboard");
    await expect(mod.getByTestId("sidebar-setup")).toHaveCount(0);
    await expect(mod.getByTestId("sidebar-users")).toBeVisible();
    expect(await mod.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(true);

    // The admin disables the mod indefinitely: the mod's page is signed out.
    await (await findRow(page, email)).getByTestId("action-disable").click();
    const disable = page.getByTestId("disable-dialog");
    await disable.getByTestId("disable-mode-indefinite").click();
    await disable.getByTestId("dialog-confirm").click();
    await expect(disable).toBeHidden();
    await expect((await findRow(page, email)).getByTestId("staff-disabled")).not.toHaveText("-");

    await mod.waitForURL("**/login");
    expect((await mod.request.get("/auth/pulse-check")).status()).toBe(401);
  } finally {
    await mod.context().close();
  }
});

test("a row offers what the server allows on that employee: one's own row only what is not refused to oneself", async ({
  page,
}) => {
  await page.goto("/admin/users");
  await expect(page.getByTestId("staff-table")).toBeVisible();
  const own = await findRow(page, ADMIN_EMAIL);
  // An admin may narrow their own responsibilities and hand their tickets on, nothing else of their own.
  await expect(own.getByTestId("action-responsibilities")).toBeVisible();
  await expect(own.getByTestId("action-disperse")).toBeVisible();
  for (const refused of ["permissions", "disable", "password", "delete"]) {
    await expect(own.getByTestId(`action-${refused}`)).toHaveCount(0);
  }
  const mod = page.locator('[data-testid="staff-row"][data-email="mod@demo.test"]');
  await expect(mod.getByTestId("action-delete")).toBeVisible();
});

test("the staff list sorts, pages and shows the chips and rank badges", async ({ page }) => {
  await page.goto("/admin/users");
  const table = page.getByTestId("staff-table");
  await expect(table).toBeVisible();
  // The default order (last change, oldest first) has no column of its own: no header is marked.
  await expect(page.locator('th[data-sort="none"]')).toHaveCount(6);
  await page.getByTestId("sort-name").click();
  await expect(page.getByTestId("sort-name")).toHaveAttribute("data-sort", "asc");
  const names = await table.locator('[data-testid="staff-row"] td:nth-child(3)').allInnerTexts();
  expect(names).toEqual([...names].sort((a, b) => a.toLocaleLowerCase().localeCompare(b.toLocaleLowerCase())));
  const ranks = await table
    .getByTestId("rank-badge")
    .evaluateAll((badges) => badges.map((b) => [b.getAttribute("data-rank"), getComputedStyle(b).color]));
  const colours = new Map(ranks.map(([rank, colour]) => [rank, colour]));
  expect(new Set(colours.values()).size).toBe(colours.size);
  for (const cell of await table.getByTestId("staff-categories").all()) {
    expect(await cell.locator(".mantine-Badge-root:not([data-testid=chips-more])").count()).toBeLessThanOrEqual(4);
  }
});
