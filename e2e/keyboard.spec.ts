/**
 * The staff pages by keyboard (docs/decisions/accessibility.md): the skip link is the first Tab
 * stop and moves focus to the main region; Tab goes header (the bell within a few presses), then
 * the sidebar, then the page, on a fresh load and after a link inside the page opened another;
 * `?` opens the shortcuts' help (not in a text field) and Esc closes it; `j`, `k` and Enter walk
 * the ticket list and open a ticket. axe checks each state a keyboard brings into view.
 */
import { expect, type Page, test } from "@playwright/test";
import { blockingViolations } from "./support/axe.ts";
import { storageStatePath } from "./support/env.ts";

test.use({ storageState: storageStatePath("mod") });

type Region = "header" | "nav" | "main" | "footer" | "none";

/** Where focus is: the landmark around it, and its test id. */
async function focusAt(page: Page): Promise<{ region: Region; testId: string | null }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const landmark = active?.closest("header, nav, main, footer");
    return {
      region: (landmark?.tagName.toLowerCase() ?? "none") as Region,
      testId: active?.getAttribute("data-testid") ?? null,
    };
  });
}

/** The regions Tab passes through from the top until the main region, each once, in order. */
async function tabIntoMain(page: Page): Promise<{ regions: Region[]; bellAt: number }> {
  const regions: Region[] = [];
  let bellAt = -1;
  // The sidebar holds the chat list: a busy one has a few stops per chat.
  for (let press = 1; press <= 150; press++) {
    await page.keyboard.press("Tab");
    const { region, testId } = await focusAt(page);
    if (testId === "notification-bell") bellAt = press;
    if (regions.at(-1) !== region) regions.push(region);
    if (region === "main") break;
  }
  return { regions, bellAt };
}

async function expectNoViolations(page: Page, label: string): Promise<void> {
  const found = await blockingViolations(page, label);
  expect(found, found.join("\n")).toEqual([]);
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("changelog-entry").first()).toBeVisible();
  await expect(page.getByTestId("page-loader")).toHaveCount(0);
}

test("the skip link is the first Tab stop, shows when focused, and moves focus to the main region", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openDashboard(page);
  const skip = page.getByTestId("skip-link");
  // Out of sight until focused.
  expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText("Skip to main content");
  expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(20);
  await expectNoViolations(page, "skip link shown");

  await page.keyboard.press("Enter");
  await expect(page.locator("main#main-content")).toBeFocused();
  // The address stays the page's own (no #fragment for the router to read).
  expect(new URL(page.url()).hash).toBe("");
  await page.keyboard.press("Tab");
  expect((await focusAt(page)).region).toBe("main");
});

test("Tab goes header, sidebar, then the page, and reaches the bell within a few presses", async ({ page }) => {
  await page.goto("/admin/notifications");
  await expect(page.getByTestId("notifications-list")).toBeVisible();
  // Counted from a settled page: no chunk, text or count on its way.
  await expect(page.getByTestId("page-loader")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  const { regions, bellAt } = await tabIntoMain(page);
  // The skip link sits in no landmark; the sidebar is a nav.
  expect(regions).toEqual(["none", "header", "nav", "main"]);
  expect(bellAt).toBeGreaterThan(0);
  expect(bellAt).toBeLessThanOrEqual(6);
});

test("after a link inside the page opens another page, Tab starts again at the top", async ({ page }) => {
  await page.goto("/admin/notifications");
  await expect(page.getByTestId("notifications-list")).toBeVisible();
  // The breadcrumb's Home, in the main region, opened by keyboard: it is gone with its page.
  const home = page.getByTestId("breadcrumbs").getByRole("link", { name: "Home" });
  await home.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL("**/admin/dashboard");
  await expect(page.getByTestId("skip-link")).toBeFocused();
  const { regions, bellAt } = await tabIntoMain(page);
  expect(regions).toEqual(["header", "nav", "main"]);
  expect(bellAt).toBeLessThanOrEqual(5);
});

test("? shows the keyboard shortcuts, Esc closes them; typed in a text field it is only text", async ({ page }) => {
  test.setTimeout(120_000);
  await openDashboard(page);
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });

  await page.keyboard.press("Shift+Slash");
  await expect(dialog).toBeVisible();
  for (const [key, action] of [
    ["?", "Show these shortcuts"],
    ["j", "Next ticket"],
    ["k", "Previous ticket"],
    ["Enter", "Open the current ticket"],
    ["r", "Write a reply"],
    ["n", "Write an internal note"],
    ["Esc", "Close a dialog"],
  ] as const) {
    const row = dialog.getByRole("row").filter({ hasText: action });
    await expect(row.locator("kbd")).toHaveText(key);
  }
  await expectNoViolations(page, "shortcuts dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // In a text field `?` is a character like any other.
  const search = page.getByRole("textbox", { name: "Search chats" });
  await search.focus();
  await page.keyboard.press("Shift+Slash");
  await expect(search).toHaveValue("?");
  await expect(dialog).toBeHidden();

  // A mouse finds the same help in the account menu.
  await page.getByTestId("profile-menu").click();
  await page.getByTestId("show-shortcuts").click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("j, j, k and Enter in the ticket list open the first ticket", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/admin/ticket");
  await page.getByTestId("view-all_open").click();
  await expect(page.getByTestId("view-all_open")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("page-loader")).toHaveCount(0);
  const rows = page.getByTestId("ticket-row");
  await expect(rows.nth(2)).toBeVisible();

  await page.keyboard.press("j");
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await expect(rows.nth(1)).toBeFocused();
  // The cursor is drawn (a ring on the focused row) and passes axe in both schemes.
  await expect(rows.nth(1)).toHaveCSS("outline-style", "solid");
  await expectNoViolations(page, "light ticket list with the cursor");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expectNoViolations(page, "dark ticket list with the cursor");
  await page.keyboard.press("k");
  await expect(rows.nth(0)).toBeFocused();

  const href = await rows.nth(0).getByTestId("ticket-link").getAttribute("href");
  expect(href).toMatch(/^\/admin\/[^/]+\/edit$/);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === href);
  await expect(page.getByTestId("breadcrumbs")).toBeVisible();
});
