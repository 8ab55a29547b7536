/**
 * Player search and profile (spec/3-staff-administration.md §2.3): staff find a player by a part of the name, open the
 * profile and see the counts, characters, tickets and ban history; the banned list; the search,
 * page size and sort remembered after navigating away; an unknown player; a phone-wide screen.
 */
import { expect, type Page, test } from "@playwright/test";
import { storageStatePath } from "./support/env.ts";

test.use({ storageState: storageStatePath("mod") });

const rows = (page: Page) => page.getByTestId("member-row");

async function settled(page: Page) {
  await expect(page.getByTestId("page-loader")).toBeHidden();
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function openSearch(page: Page) {
  await page.goto("/admin/members/search-members");
  await expect(page.getByTestId("member-search")).toBeVisible();
  await settled(page);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("finds a player by a part of the name, opens the profile with counts, characters, tickets and bans", async ({
  page,
}) => {
  await openSearch(page);
  await page.getByTestId("clear-button").click();
  await settled(page);
  // ToxicTom, the demo's banned player: "xicT" is only a part of the name.
  await page.getByTestId("member-filter-name").fill("xicT");
  await page.getByTestId("search-button").click();
  await settled(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId("member-link")).toHaveText("ToxicTom");
  await expect(rows(page).first()).toContainText("Hackerman");

  // Exact needs the whole name.
  await choose(page, "member-filter-name-mode", "Exact");
  await page.getByTestId("search-button").click();
  await settled(page);
  await expect(page.getByTestId("member-list-empty")).toBeVisible();
  await page.getByTestId("member-filter-name").fill("toxictom");
  await page.getByTestId("search-button").click();
  await settled(page);
  await expect(rows(page)).toHaveCount(1);

  // A click on the row opens the profile.
  await rows(page).first().getByTestId("member-email").click();
  await page.waitForURL(/\/admin\/members\/member-profile\/\d+$/);
  const profile = page.getByTestId("member-profile");
  await expect(profile.getByTestId("member-name")).toHaveText("ToxicTom");
  await expect(profile.getByTestId("member-email")).toHaveText("banned@demo.test");
  await expect(profile.getByTestId("member-tier")).toContainText("0");
  const total = Number(await profile.getByTestId("count-total").textContent());
  expect(total).toBeGreaterThanOrEqual(1);
  const parts = await Promise.all(
    ["count-active", "count-resolved", "count-closed"].map(async (id) =>
      Number(await profile.getByTestId(id).textContent()),
    ),
  );
  expect(parts.reduce((a, b) => a + b, 0)).toBe(total);

  await expect(page.getByTestId("member-character-row")).toHaveCount(1);
  await expect(page.getByTestId("member-character-row")).toContainText("Hackerman");
  await expect(page.getByTestId("member-character-row")).toContainText("77");
  await expect(page.getByTestId("member-character-row")).toContainText("Europe 1");

  await expect(page.getByTestId("member-ticket-row")).toHaveCount(total);
  await expect(page.getByTestId("member-ticket-row").filter({ hasText: "GIVE MY ITEMS BACK" })).toHaveCount(1);
  const ban = page.getByTestId("ban-history-row").filter({ hasText: "Insulting support staff" });
  // The banner's name (account.spec.ts renames that admin from AdminSelin to SelinLead).
  await expect(ban).toContainText(/AdminSelin|SelinLead/);

  // A ticket number opens the staff ticket page.
  await page.getByTestId("member-ticket-link").first().click();
  await page.waitForURL(/\/admin\/[^/]+\/edit$/);
  await expect(page.getByTestId("ticket-info")).toBeVisible();
});

test("the banned list shows banned players only, without a banned filter", async ({ page }) => {
  await page.goto("/admin/members/search-banned");
  await expect(page.getByTestId("member-search")).toBeVisible();
  await settled(page);
  await expect(page.getByTestId("member-filter-banned")).toHaveCount(0);
  await expect(page.getByTestId("page-size")).toHaveValue("10");
  const count = await rows(page).count();
  expect(count).toBeGreaterThanOrEqual(1);
  for (let i = 0; i < count; i++) {
    await expect(rows(page).nth(i).getByTestId("ban-state")).toHaveAttribute("data-banned", "true");
  }
  await expect(page.getByTestId("member-link").filter({ hasText: "DarkRider" })).toHaveCount(0);
});

test("the search, page size and sort come back after navigating away", async ({ page }) => {
  await openSearch(page);
  await page.getByTestId("clear-button").click();
  await settled(page);
  await expect(page.getByTestId("page-size")).toHaveValue("10");
  await page.getByTestId("member-filter-email").fill("@demo.test");
  await page.getByTestId("search-button").click();
  await settled(page);
  await choose(page, "page-size", "25");
  await page.getByTestId("sort-name").click();
  await settled(page);
  const names = await page.getByTestId("member-link").allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(8);
  expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await page.waitForURL(/\/admin\/dashboard$/);
  await openSearch(page);
  await expect(page.getByTestId("member-filter-email")).toHaveValue("@demo.test");
  await expect(page.getByTestId("page-size")).toHaveValue("25");
  await expect(page.getByTestId("sort-name")).toHaveAttribute("data-sort", "asc");
  expect(await page.getByTestId("member-link").allTextContents()).toEqual(names);
});

test("an unknown player gets a clean not-found state", async ({ page }) => {
  await page.goto("/admin/members/member-profile/999999");
  await expect(page.getByTestId("member-not-found")).toBeVisible();
  await page.goto("/admin/members/member-profile/not-a-number");
  await expect(page.getByTestId("member-not-found")).toBeVisible();
});

test("on a phone the search and the profile do not scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSearch(page);
  await page.getByTestId("clear-button").click();
  await settled(page);
  await expect(rows(page).first()).toBeVisible();
  await noSidewaysScroll(page);
  await rows(page).first().getByTestId("member-link").click();
  await expect(page.getByTestId("member-profile")).toBeVisible();
  await expect(page.getByTestId("member-characters")).toBeVisible();
  await noSidewaysScroll(page);
});
