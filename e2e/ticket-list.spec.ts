/**
 * The staff ticket list, /admin/ticket (spec/2-staff-ticket-work.md §2): find a ticket by an e-mail substring and open
 * it; Contains against Exact; three-state sorting; paging and the page size; the saved list state
 * across a reload; Default and Clear; the advanced search; a row that updates live. The views
 * (docs/decisions/views.md): Mine by default, each view's list and count, counts that follow
 * another person's changes live; the column chooser kept on the server; the list at 1280 px
 * without sideways scrolling; cards and a filters button on a phone.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEFAULT_TICKET_LIST_COLUMNS } from "../common/ticketListColumns.ts";
import { storageStatePath } from "./support/env.ts";
import { playerWithTicket } from "./support/playerTicket.ts";
import { liveSocket } from "./support/socket.ts";
import { signInThroughApi } from "./support/staffApi.ts";

test.use({ storageState: storageStatePath("mod") });
// Each test reloads the list several times; on a busy CI machine one minute is tight.
test.describe.configure({ timeout: 120_000 });

/** The searches below read the e-mail column, which the default columns leave out. */
test.beforeAll(async () => {
  const mod = await signInThroughApi("mod");
  try {
    await mod.post("/api/profile/save-user-preferences", {
      ticket_list_columns: [...DEFAULT_TICKET_LIST_COLUMNS, "email"].join(","),
    });
  } finally {
    await mod.dispose();
  }
});

async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: typeof option === "string" }).click();
}

const rows = (page: Page) => page.getByTestId("ticket-row");

/** Waits for the list to settle: no request in flight. */
async function settled(page: Page) {
  await expect(page.getByTestId("page-loader")).toBeHidden();
}

async function ticketNumbers(page: Page): Promise<number[]> {
  await settled(page);
  return (await page.getByTestId("ticket-link").allTextContents()).map((text) => Number(text.replace("#", "")));
}

async function total(page: Page): Promise<number> {
  await settled(page);
  const text = (await page.getByTestId("ticket-total").textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

/** The list with the full search (the list opens on the Mine view). */
async function open(page: Page) {
  await page.goto("/admin/ticket");
  await page.getByTestId("view-search").click();
  await expect(page.getByTestId("ticket-search")).toBeVisible();
  await settled(page);
}

async function searchEmail(page: Page, value: string, mode: "Contains" | "Exact") {
  await page.getByTestId("filter-email").fill(value);
  await choose(page, "filter-email-mode", mode);
  await page.getByTestId("search-button").click();
  await settled(page);
}

function column(row: Locator, testId: string) {
  return row.getByTestId(testId);
}

test("finds a ticket by an e-mail substring (Contains, not Exact) and opens it", async ({ page }) => {
  await open(page);
  await expect(page.getByTestId("breadcrumbs")).toContainText("Home");
  await expect(page.getByTestId("breadcrumbs")).toContainText("Tickets");
  await page.getByTestId("clear-button").click();

  // player5 filed two demo tickets; "ayer5@demo" is only a part of the address.
  await searchEmail(page, "ayer5@demo", "Contains");
  await expect(rows(page)).toHaveCount(2);
  for (const email of await page.getByTestId("ticket-email").allTextContents()) expect(email).toBe("player5@demo.test");

  await searchEmail(page, "ayer5@demo", "Exact");
  await expect(page.getByTestId("ticket-list-empty")).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  await searchEmail(page, "player5@demo.test", "Exact");
  await expect(rows(page)).toHaveCount(2);

  // The member button opens the profile; the ticket link opens the ticket page.
  const row = rows(page).first();
  await expect(column(row, "member-button")).toHaveAttribute("href", /^\/admin\/members\/member-profile\/\d+$/);
  const ticketId = Number(await row.getAttribute("data-ticket-id"));
  const number = Number(((await column(row, "ticket-link").textContent()) ?? "").replace("#", ""));
  await column(row, "ticket-link").click();
  await page.waitForURL(/\/admin\/[^/]+\/edit$/);
  const info = await page.evaluate(() => JSON.parse(atob(decodeURIComponent(location.pathname.split("/")[2] ?? ""))));
  expect(info).toEqual({ ticketId, email: "player5@demo.test", ticketNumber: number });
  await expect(page.getByTestId("breadcrumbs")).toBeVisible();
});

test("column headers sort ascending, then descending, then not at all, and the sort is remembered", async ({
  page,
}) => {
  await open(page);
  await page.getByTestId("clear-button").click();
  await settled(page);
  const header = page.getByTestId("sort-createdAt");
  await expect(header).toHaveAttribute("aria-sort", "none");

  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const ascending = await ticketNumbers(page);
  expect(ascending.length).toBeGreaterThan(1);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  const descending = await ticketNumbers(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThan(ascending[0] ?? 0);

  // Sorting by another column starts ascending again.
  await page.getByTestId("sort-status").getByRole("button").click();
  await expect(page.getByTestId("sort-status")).toHaveAttribute("aria-sort", "ascending");
  await expect(header).toHaveAttribute("aria-sort", "none");
  await page.getByTestId("sort-status").getByRole("button").click();
  await expect(page.getByTestId("sort-status")).toHaveAttribute("aria-sort", "descending");

  await page.reload();
  await expect(page.getByTestId("sort-status")).toHaveAttribute("aria-sort", "descending");
  await page.getByTestId("sort-status").getByRole("button").click();
  await expect(page.getByTestId("sort-status")).toHaveAttribute("aria-sort", "none");
});

test("paging, the page size and the search survive a reload", async ({ page }) => {
  await open(page);
  await page.getByTestId("clear-button").click();
  const count = await total(page);
  // The demo holds more than 10 tickets, so two pages of 10 at least.
  expect(count).toBeGreaterThan(10);
  await expect(rows(page)).toHaveCount(10);
  const pages = Math.ceil(count / 10);
  const pagination = page.getByTestId("ticket-pagination");
  // Page buttons are named "Page N" (common pagination.page), so a screen reader says what they are.
  await expect(pagination.getByRole("button", { name: `Page ${pages}`, exact: true })).toBeVisible();

  const firstPage = await ticketNumbers(page);
  await pagination.getByRole("button", { name: "Page 2", exact: true }).click();
  await settled(page);
  await expect(pagination.getByRole("button", { name: "Page 2", exact: true })).toHaveAttribute("data-active", "true");
  const secondPage = await ticketNumbers(page);
  expect(secondPage.length).toBe(Math.min(10, count - 10));
  expect(secondPage.some((n) => firstPage.includes(n))).toBe(false);

  // The page and the filters are kept per user across a reload.
  await page.getByTestId("filter-name").fill("ElenaM");
  await page.reload();
  await settled(page);
  await expect(pagination.getByRole("button", { name: "Page 2", exact: true })).toHaveAttribute("data-active", "true");
  expect(await ticketNumbers(page)).toEqual(secondPage);
  // An unsent draft is not part of the saved state.
  await expect(page.getByTestId("filter-name")).toHaveValue("");

  // A bigger page shows everything on one page; the choice is remembered.
  await choose(page, "page-size", "25");
  await settled(page);
  await expect(rows(page)).toHaveCount(Math.min(25, count));
  await page.reload();
  await expect(page.getByTestId("page-size")).toHaveValue("25");
  await expect(rows(page)).toHaveCount(Math.min(25, count));

  // A search is saved too.
  await page.getByTestId("filter-name").fill("ElenaM");
  await choose(page, "filter-name-mode", "Exact");
  await page.getByTestId("search-button").click();
  await settled(page);
  const elena = await rows(page).count();
  expect(elena).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId("filter-name")).toHaveValue("ElenaM");
  await expect(page.getByTestId("filter-name-mode")).toHaveValue("Exact");
  await settled(page);
  await expect(rows(page)).toHaveCount(elena);
});

test("Default shows my tickets, Clear shows everyone's", async ({ page }) => {
  await open(page);
  await page.getByTestId("clear-button").click();
  const everyone = await total(page);
  await expect(page.getByTestId("filter-employee")).toHaveValue("All");

  await page.getByTestId("default-button").click();
  await expect(page.getByTestId("filter-employee")).toHaveValue("ModAyse");
  const mine = await total(page);
  expect(mine).toBeGreaterThan(0);
  expect(mine).toBeLessThan(everyone);
  for (const name of await page.getByTestId("ticket-assignee").allTextContents()) expect(name).toBe("ModAyse");

  // Clear also empties a filter typed before.
  await page.getByTestId("filter-email").fill("player");
  await page.getByTestId("search-button").click();
  await settled(page);
  await page.getByTestId("clear-button").click();
  await expect(page.getByTestId("filter-email")).toHaveValue("");
  await expect(page.getByTestId("filter-employee")).toHaveValue("All");
  expect(await total(page)).toBe(everyone);
});

test("the advanced search finds a ticket by the words of its subject within a time window", async ({ page }) => {
  await open(page);
  await page.getByTestId("clear-button").click();
  await page.getByTestId("advanced-button").click();
  // The dialog says how these boxes match: whole words, in any order.
  await expect(page.getByTestId("advanced-words-hint")).toContainText("every word you type");
  await page.getByTestId("advanced-subject").fill("pass battle");
  await choose(page, "advanced-created-at", "Last year");
  await page.getByTestId("advanced-apply").click();
  await settled(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId("ticket-email")).toHaveText("player4@demo.test");
  await expect(page.getByTestId("advanced-active")).toBeVisible();

  await page.getByTestId("advanced-button").click();
  await page.getByTestId("advanced-subject").fill("no such subject anywhere");
  await page.getByTestId("advanced-apply").click();
  await expect(page.getByTestId("ticket-list-empty")).toBeVisible();
});

test("a row updates live when its ticket changes", async ({ page }) => {
  await open(page);
  await page.getByTestId("clear-button").click();
  await choose(page, "filter-status", "New ticket");
  await page.getByTestId("search-button").click();
  await settled(page);
  const row = rows(page).first();
  await expect(row.getByTestId("ticket-status")).toHaveAttribute("data-status", "NEW TICKET");
  const ticketId = Number(await row.getAttribute("data-ticket-id"));
  const before = Number(await row.getByTestId("ticket-last-updated").getAttribute("data-value"));

  const staff = await signInThroughApi("admin");
  try {
    await staff.post("/api/new-chat-message", { chatId: `chat-${ticketId}`, message: "Looking into it now." });
  } finally {
    await staff.dispose();
  }
  // No reload: the ping moves this row's status and time.
  const live = page.locator(`[data-testid="ticket-row"][data-ticket-id="${ticketId}"]`);
  await expect(live.getByTestId("ticket-status")).toHaveAttribute("data-status", "REPLIED");
  expect(Number(await live.getByTestId("ticket-last-updated").getAttribute("data-value"))).toBeGreaterThanOrEqual(
    before,
  );
});

test("the in-chats toggle adds and removes a chat; a pinned one only after confirmation", async ({ page }) => {
  await open(page);
  await page.getByTestId("clear-button").click();
  await searchEmail(page, "player6@demo.test", "Exact");
  const first = rows(page).first();
  const ticketId = Number(await first.getAttribute("data-ticket-id"));
  const row = page.locator(`[data-testid="ticket-row"][data-ticket-id="${ticketId}"]`);
  const toggle = row.getByRole("switch");
  // The switch's track lies over its (visually hidden) input: a person clicks the track there.
  const flip = () => toggle.click({ force: true });
  await expect(toggle).toBeEnabled();
  if (await toggle.isChecked()) {
    await flip();
    await expect(toggle).not.toBeChecked();
  }

  await flip();
  await expect(toggle).toBeChecked();
  // The page hears the pin below live: its socket must be connected first.
  const live = liveSocket(page);
  await page.reload();
  await live;
  await expect(toggle).toBeChecked();

  // Pinned from elsewhere (another tab of the same staff member): removal asks first.
  const staff = await signInThroughApi("mod");
  try {
    expect(await staff.post("/api/pin-ticket", { id: ticketId, pinned: "true" })).toEqual({
      id: ticketId,
      pinned: true,
    });
  } finally {
    await staff.dispose();
  }
  // The sidebar's chat shows the pin once this page has heard it.
  await expect(page.getByTestId(`chat-row-${ticketId}`)).toHaveAttribute("data-pinned", "true");
  await flip();
  await expect(page.getByRole("dialog", { name: "Remove pinned ticket" })).toBeVisible();
  await page.getByTestId("remove-pinned-cancel").click();
  // Wait for the dialog to be gone: a forced click on the switch would otherwise land on the
  // overlay of the dialog that is still fading out.
  await expect(page.getByRole("dialog", { name: "Remove pinned ticket" })).toHaveCount(0);
  await expect(toggle).toBeChecked();

  await flip();
  await page.getByTestId("remove-pinned-confirm").click();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(toggle).not.toBeChecked();
});

// ---- the views (docs/decisions/views.md)

async function viewCount(page: Page, view: string): Promise<number> {
  const badge = page.getByTestId(`view-count-${view}`);
  await expect(badge).toHaveAttribute("data-count", /^\d+$/);
  return Number(await badge.getAttribute("data-count"));
}

async function chooseView(page: Page, view: string) {
  await page.getByTestId(`view-${view}`).click();
  await expect(page.getByTestId(`view-${view}`)).toHaveAttribute("aria-pressed", "true");
  await settled(page);
}

test("opens on Mine; each view lists as many open tickets as its count says", async ({ page }) => {
  await page.goto("/admin/ticket");
  await expect(page.getByTestId("view-mine")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("ticket-search")).toHaveCount(0);
  await settled(page);
  const mine = await viewCount(page, "mine");
  expect(mine).toBeGreaterThan(0);
  expect(await total(page)).toBe(mine);
  for (const name of await page.getByTestId("ticket-assignee").allTextContents()) expect(name).toBe("ModAyse");
  for (const status of await page
    .getByTestId("ticket-status")
    .evaluateAll((badges) => badges.map((badge) => badge.getAttribute("data-status"))))
    expect(["RESOLVED", "CLOSED"]).not.toContain(status);

  await chooseView(page, "unassigned");
  expect(await total(page)).toBe(await viewCount(page, "unassigned"));
  for (const name of await page.getByTestId("ticket-assignee").allTextContents()) expect(name).toBe("Not assigned");

  await chooseView(page, "waiting_on_me");
  const waiting = await viewCount(page, "waiting_on_me");
  expect(waiting).toBeLessThanOrEqual(mine);
  if (waiting === 0) await expect(page.getByTestId("ticket-list-empty")).toBeVisible();
  else expect(await total(page)).toBe(waiting);

  await chooseView(page, "all_open");
  const open = await viewCount(page, "all_open");
  expect(await total(page)).toBe(open);
  expect(open).toBeGreaterThanOrEqual(mine + (await viewCount(page, "unassigned")));

  // The chosen view is remembered.
  await page.reload();
  await expect(page.getByTestId("view-all_open")).toHaveAttribute("aria-pressed", "true");
});

test("the counts and the view's list follow a ticket filed by a player and closed by another employee", async ({
  page,
  browser,
}) => {
  await page.goto("/admin/ticket");
  await chooseView(page, "unassigned");
  const unassigned = await viewCount(page, "unassigned");
  const open = await viewCount(page, "all_open");

  const player = await playerWithTicket(browser, "Views follow this ticket");
  try {
    // No reload: views_changed reads the counts and the shown view again.
    await expect(page.getByTestId("view-count-unassigned")).toHaveAttribute("data-count", String(unassigned + 1));
    await expect(page.getByTestId("view-count-all_open")).toHaveAttribute("data-count", String(open + 1));
    const row = page.locator(`[data-testid="ticket-row"][data-ticket-id="${player.ticketId}"]`);
    await expect(row).toBeVisible();

    const admin = await signInThroughApi("admin");
    try {
      await admin.post("/api/tickets/submit-ticket-complete", {
        ticket_id: player.ticketId,
        action: "CLOSED",
        excuse: "e2e clean-up",
      });
    } finally {
      await admin.dispose();
    }
    await expect(page.getByTestId("view-count-unassigned")).toHaveAttribute("data-count", String(unassigned));
    await expect(page.getByTestId("view-count-all_open")).toHaveAttribute("data-count", String(open));
    await expect(row).toHaveCount(0);
  } finally {
    await player.context.close();
  }
});

test.describe("as another employee", () => {
  test.use({ storageState: storageStatePath("dev") });

  test("the column chooser is remembered across a reload and another browser", async ({ page, browser }) => {
    await page.goto("/admin/ticket");
    await chooseView(page, "all_open");
    const headers = page.getByTestId("ticket-table").locator("thead th");
    await expect(headers.filter({ hasText: "Subject" })).toHaveCount(1);
    await expect(headers.filter({ hasText: "E-mail" })).toHaveCount(0);
    await expect(page.getByTestId("ticket-subject").first()).toBeVisible();

    await page.getByTestId("columns-button").click();
    await page.getByTestId("column-toggle-email").click();
    await page.getByTestId("column-toggle-category").click();
    await expect(headers.filter({ hasText: "E-mail" })).toHaveCount(1);
    await expect(headers.filter({ hasText: "Category" })).toHaveCount(0);
    await expect(page.getByTestId("ticket-email").first()).toBeVisible();

    await page.reload();
    await expect(headers.filter({ hasText: "E-mail" })).toHaveCount(1);
    await expect(headers.filter({ hasText: "Category" })).toHaveCount(0);

    // The choice lives on the server: a browser with none of this one's storage shows it too.
    const other = await browser.newContext({ storageState: storageStatePath("dev") });
    try {
      const elsewhere = await other.newPage();
      await elsewhere.evaluate(() => localStorage.clear()).catch(() => undefined);
      await elsewhere.goto("/admin/ticket");
      const otherHeaders = elsewhere.getByTestId("ticket-table").locator("thead th");
      await expect(otherHeaders.filter({ hasText: "E-mail" })).toHaveCount(1);
      await expect(otherHeaders.filter({ hasText: "Category" })).toHaveCount(0);
    } finally {
      await other.close();
    }

    // Back to the defaults for the other specs.
    await page.getByTestId("columns-button").click();
    await page.getByTestId("column-toggle-email").click();
    await page.getByTestId("column-toggle-category").click();
    await expect(headers.filter({ hasText: "Category" })).toHaveCount(1);
    await expect(headers.filter({ hasText: "E-mail" })).toHaveCount(0);
  });
});

/** Whether anything on the page is wider than the window. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) return true;
    return [...document.querySelectorAll<HTMLElement>("*")].some(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 &&
        ["auto", "scroll"].includes(getComputedStyle(element).overflowX) &&
        element.getBoundingClientRect().height > 0,
    );
  });
}

test.describe("at 1280 × 800", () => {
  test.use({ storageState: storageStatePath("admin"), viewport: { width: 1280, height: 800 } });

  test("the list and the search fit without scrolling sideways", async ({ page }) => {
    await page.goto("/admin/ticket");
    await chooseView(page, "all_open");
    await choose(page, "page-size", "25");
    await settled(page);
    await expect(rows(page).first()).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);

    await chooseView(page, "search");
    await page.getByTestId("clear-button").click();
    await settled(page);
    await expect(rows(page).first()).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("shows cards, keeps the filters behind a button and never scrolls sideways", async ({ page }) => {
    await page.goto("/admin/ticket");
    await expect(page.getByTestId("view-mine")).toHaveAttribute("aria-pressed", "true");
    await settled(page);
    await expect(page.getByTestId("ticket-card").first()).toBeVisible();
    await expect(page.getByTestId("ticket-table")).toHaveCount(0);
    expect(await scrollsSideways(page)).toBe(false);

    await chooseView(page, "search");
    await expect(page.getByTestId("ticket-search")).toHaveCount(0);
    // The first card comes right after the views and the button, not after nine filter fields.
    const card = page.getByTestId("ticket-card").first();
    await expect(card).toBeVisible();
    expect((await card.boundingBox())?.y ?? 1000).toBeLessThan(844);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByTestId("filters-button").click();
    const panel = page.getByTestId("ticket-search");
    await expect(panel).toBeVisible();
    await page.getByTestId("clear-button").click();
    await page.getByTestId("filter-email").fill("player5@demo.test");
    await choose(page, "filter-email-mode", "Exact");
    await page.getByTestId("search-button").click();
    await expect(panel).toBeHidden();
    await settled(page);
    await expect(page.getByTestId("ticket-card")).toHaveCount(2);
    expect(await scrollsSideways(page)).toBe(false);
  });
});
