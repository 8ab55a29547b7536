/**
 * Bulk actions on the staff list (docs/decisions/bulk-actions.md): an admin selects tickets filed
 * for the test by members of its own (no shared ticket changes), resolves them with one already
 * closed among them and reads why that one was refused, assigns to themselves and puts on hold from
 * the rows' own checkboxes, and the rows show the new states; axe finds nothing serious on the list
 * with the bar open, in light and dark; on a phone the cards select and the bar fits.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { STORAGE_KEYS } from "../common/constants.ts";
import { decodeIdToken } from "../common/schemas/auth.ts";
import { animationsSettled } from "./support/animations.ts";
import { storageStatePath } from "./support/env.ts";
import { type FiledTicket as Filed, type FreshMember, freshMember } from "./support/freshMember.ts";
import { signInThroughApi } from "./support/staffApi.ts";

test.use({ storageState: storageStatePath("admin") });
// Filing through the API, a cold list and a few round trips: more than the default minute when busy.
test.describe.configure({ timeout: 120_000 });

/** A member of the test's own with `count` fresh tickets (at most three: the filing limit). */
async function memberWithTickets(browser: Browser, name: string, count: number) {
  const member = await freshMember(browser, { name, character: "Bulker" });
  const tickets: Filed[] = [];
  for (let i = 0; i < count; i++) {
    tickets.push(
      await member.fileTicket(`Bulk ${i + 1} of ${name}`, { description: "One of several tickets handled together." }),
    );
  }
  return { member, tickets };
}

async function settled(page: Page) {
  await expect(page.getByTestId("page-loader")).toBeHidden();
}

/** The full search for one member's tickets, by their e-mail. */
async function listOf(page: Page, member: FreshMember) {
  await page.goto("/admin/ticket");
  await page.getByTestId("view-search").click();
  await expect(page.getByTestId("ticket-search")).toBeVisible();
  await page.getByTestId("clear-button").click();
  await page.getByTestId("filter-email").fill(member.email);
  await page.getByTestId("filter-email-mode").click();
  await page.getByRole("option", { name: "Exact", exact: true }).click();
  await page.getByTestId("search-button").click();
  await settled(page);
}

const row = (page: Page, ticket: Filed) => page.locator(`[data-testid="ticket-row"][data-ticket-id="${ticket.id}"]`);
const statusOf = (page: Page, ticket: Filed) => row(page, ticket).getByTestId("ticket-status");

async function blockingViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  // The list, its bar and its notice: the page's own part, not the shell around it.
  const result = await new AxeBuilder({ page })
    .include("main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) =>
      [
        `[${v.impact}] ${v.id}: ${v.help}`,
        ...v.nodes.slice(0, 3).map((n) => `    ${n.html.slice(0, 200)}: ${n.failureSummary?.replaceAll("\n", " ")}`),
      ].join("\n"),
    );
}

test("resolves the selected tickets and says which one was refused and why", async ({ page, browser }) => {
  const { member, tickets } = await memberWithTickets(browser, "Bulky", 3);
  const [first, second, closed] = tickets as [Filed, Filed, Filed];
  try {
    const admin = await signInThroughApi("admin");
    try {
      await admin.post("/api/tickets/submit-ticket-complete", {
        ticket_id: closed.id,
        action: "CLOSED",
        excuse: "Closed before the bulk action",
      });
    } finally {
      await admin.dispose();
    }

    await listOf(page, member);
    await expect(page.getByTestId("ticket-row")).toHaveCount(3);
    await expect(page.getByTestId("bulk-bar")).toHaveCount(0);

    // The header's checkbox selects the whole page.
    await page.getByRole("checkbox", { name: "Select all tickets on this page" }).check();
    await expect(page.getByTestId("bulk-count")).toHaveText("3 selected");
    await page.getByTestId("bulk-resolve").click();
    const dialog = page.getByTestId("fast-complete-modal");
    // Nobody has written in these tickets: no reason is required.
    await expect(dialog).toContainText("A reason is optional");
    await dialog.getByTestId("fast-complete-submit").click();

    const outcome = page.getByTestId("bulk-outcome");
    await expect(outcome).toContainText("2 tickets changed");
    await expect(outcome).toContainText("1 ticket was not changed:");
    const refused = outcome.getByTestId("bulk-refused-item");
    await expect(refused).toHaveCount(1);
    await expect(refused).toHaveAttribute("data-ticket-id", String(closed.id));
    await expect(refused).toContainText(`#${closed.createdAt}`);
    await expect(refused.getByTestId("bulk-refused-reason")).toHaveText("This ticket has already ended.");

    // The rows read again: the two resolved, the closed one as it was; the selection is gone.
    await expect(statusOf(page, first)).toHaveAttribute("data-status", "RESOLVED");
    await expect(statusOf(page, second)).toHaveAttribute("data-status", "RESOLVED");
    await expect(statusOf(page, closed)).toHaveAttribute("data-status", "CLOSED");
    await expect(page.getByTestId("bulk-bar")).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Select all tickets on this page" })).not.toBeChecked();

    await outcome.getByRole("button", { name: "Dismiss" }).click();
    await expect(outcome).toHaveCount(0);
  } finally {
    await member.context.close();
  }
});

test("assigns to oneself and puts on hold from the rows' checkboxes; axe finds nothing serious", async ({
  page,
  browser,
}) => {
  const { member, tickets } = await memberWithTickets(browser, "Heaps", 3);
  const [first, second, third] = tickets as [Filed, Filed, Filed];
  try {
    await listOf(page, member);
    await expect(page.getByTestId("ticket-row")).toHaveCount(3);
    for (const ticket of [first, second]) {
      await page.getByRole("checkbox", { name: `Select ticket #${ticket.createdAt}` }).check();
    }
    await expect(page.getByTestId("bulk-count")).toHaveText("2 selected");
    const pageBox = page.getByRole("checkbox", { name: "Select all tickets on this page" });
    await expect(pageBox).toHaveAttribute("data-indeterminate", "true");

    // The list with the bar open, in light and in dark.
    expect(await blockingViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await blockingViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    // The keyboard reaches the bar's buttons.
    await page.getByTestId("bulk-assign").focus();
    await page.keyboard.press("Enter");
    const assign = page.getByTestId("bulk-assign-modal");
    await expect(assign).toContainText("Each ticket keeps its category.");
    await assign.getByTestId("bulk-assign-employee").click();
    await page.getByRole("option", { name: "Assign to me", exact: true }).click();
    await assign.getByTestId("bulk-assign-submit").click();
    await expect(page.getByTestId("bulk-outcome")).toContainText("2 tickets changed");
    await expect(page.getByTestId("bulk-refused")).toHaveCount(0);
    expect(await blockingViolations(page)).toEqual([]);
    const assignee = (ticket: Filed) => row(page, ticket).getByTestId("ticket-assignee");
    await expect(assignee(first)).not.toHaveText("Not assigned");
    await expect(assignee(second)).toHaveText((await assignee(first).textContent()) ?? "");
    await expect(assignee(third)).toHaveText("Not assigned");

    // All three on hold for an hour.
    await pageBox.check();
    await expect(page.getByTestId("bulk-count")).toHaveText("3 selected");
    await page.getByTestId("bulk-hold").click();
    const hold = page.getByTestId("hold-modal");
    await expect(hold).toContainText("Put the selected tickets on hold?");
    await hold.getByTestId("hold-choice-hour").check();
    await hold.getByTestId("hold-modal-confirm").click();
    await expect(page.getByTestId("bulk-outcome")).toContainText("3 tickets changed");
    for (const ticket of tickets) await expect(statusOf(page, ticket)).toHaveAttribute("data-status", "ON HOLD");
  } finally {
    await member.context.close();
  }
});

test("in Arabic and dark, the bar and the checkboxes read right to left with nothing serious for axe", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageStatePath("admin"), colorScheme: "dark" });
  try {
    // The language is chosen in this browser only, as the picker keeps it: the account keeps its own.
    const pulse = await (await context.request.get("/auth/pulse-check")).json();
    const userId = decodeIdToken(pulse.id_token)?.id;
    expect(userId).toBeDefined();
    await context.addInitScript(
      ({ key }) => {
        localStorage.setItem(key, "ar");
      },
      { key: STORAGE_KEYS.language(userId ?? 0) },
    );
    const page = await context.newPage();
    await page.goto("/admin/ticket");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByTestId("view-all_open").click();
    await settled(page);
    const first = page.getByTestId("ticket-row").first();
    const number = ((await first.getByTestId("ticket-link").textContent()) ?? "").replace("#", "");
    await page.getByRole("checkbox", { name: `تحديد التذكرة #${number}` }).check();
    await expect(page.getByTestId("bulk-count")).toHaveText("تذكرة واحدة محددة");
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await blockingViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
  } finally {
    await context.close();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a card's checkbox opens the bar, which selects the page and fits the screen", async ({ page }) => {
    await page.goto("/admin/ticket");
    await page.getByTestId("view-all_open").click();
    await settled(page);
    const cards = page.getByTestId("ticket-card");
    await expect(cards.first()).toBeVisible();
    await cards.first().getByTestId("select-ticket").check();
    const bar = page.getByTestId("bulk-bar");
    await expect(bar.getByTestId("bulk-count")).toHaveText("1 selected");
    await bar.getByRole("checkbox", { name: "All on this page" }).check();
    await expect(bar.getByTestId("bulk-count")).toHaveText(`${await cards.count()} selected`);
    const box = await bar.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 1000) <= 390).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await bar.getByTestId("bulk-clear").click();
    await expect(bar).toHaveCount(0);
  });
});
