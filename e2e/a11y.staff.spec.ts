/**
 * Accessibility of every staff page (docs/decisions/accessibility.md): axe-core with the WCAG 2.0,
 * 2.1 and 2.2 A/AA rules, in light and in dark, one test per page: the page is checked in light,
 * then the system's scheme turns dark (the app follows it until a person chooses), the page
 * redraws in dark and is checked again. A serious or critical violation fails the test and is
 * printed. The admin sees every page; the ticket page is a demo ticket with chat and a staff-only
 * system line, then its notes tab. The player and public pages are in a11y.spec.ts, the keyboard
 * paths in keyboard.spec.ts.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { encodeTicketInfo } from "../common/ticket-code.ts";
import { blockingViolations } from "./support/axe.ts";
import { storageStatePath } from "./support/env.ts";
import { signInThroughApi } from "./support/staffApi.ts";

test.use({ storageState: storageStatePath("admin") });

interface StaffTarget {
  name: string;
  /** The page's address; the ticket and the player exist only once the demo data is read (beforeAll). */
  path: string | (() => string);
  /** Shown once the page has its content (not a loader). */
  ready(page: Page): Locator;
  /** What a person does first, to bring a state into view (a view chosen, a form opened). */
  act?(page: Page): Promise<void>;
}

const made = new Map<string, string>();
function madePath(key: string): () => string {
  return () => {
    const path = made.get(key);
    if (!path) throw new Error(`${key} was not made`);
    return path;
  };
}

/**
 * The demo's paid-but-undelivered ticket (player2, waiting on the developer): a chat with both
 * sides, two notes and the reassignment's staff-only system line; and the profile of its player.
 */
test.beforeAll(async () => {
  if (made.size > 0) return;
  const admin = await signInThroughApi("admin");
  try {
    const { tickets } = await admin.post<{
      tickets: { id: number; email: string; createdAt: number; user_id: number; subject: string }[];
    }>("/api/tickets/pagination-search-tickets", {
      email: "player2@demo.test",
      email_mode: 2,
      status: "WAITING DEV",
      page: 1,
      entries_per_page: 10,
    });
    const ticket = tickets.find((t) => t.subject.startsWith("Diamonds not delivered"));
    if (!ticket) throw new Error("the demo seed has no 'Diamonds not delivered' ticket of player2");
    made.set(
      "ticket",
      `/admin/${encodeTicketInfo({ ticketId: ticket.id, email: ticket.email, ticketNumber: ticket.createdAt })}/edit`,
    );
    made.set("player", `/admin/members/member-profile/${ticket.user_id}`);
  } finally {
    await admin.dispose();
  }
});

const byId = (id: string) => (page: Page) => page.getByTestId(id).first();

const TARGETS: StaffTarget[] = [
  { name: "dashboard", path: "/admin/dashboard", ready: (page) => page.getByTestId("changelog-entry").first() },
  {
    name: "changelog with the new entry form",
    path: "/admin/dashboard",
    ready: byId("changelog-entry"),
    act: async (page) => {
      await page.getByTestId("changelog").getByRole("button", { name: "Add entry" }).click();
      await expect(page.getByTestId("changelog-form")).toBeVisible();
    },
  },
  {
    name: "ticket list, all open",
    path: "/admin/ticket",
    ready: byId("ticket-views"),
    act: async (page) => {
      await page.getByTestId("view-all_open").click();
      await expect(page.getByTestId("view-all_open")).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByTestId("ticket-row").first()).toBeVisible();
      await expect(page.getByTestId("page-loader")).toHaveCount(0);
    },
  },
  {
    name: "ticket with chat",
    path: madePath("ticket"),
    ready: (page) => page.getByTestId("staff-chat-system-line").first(),
  },
  {
    // The notes are a tab beside the chat.
    name: "ticket with notes",
    path: madePath("ticket"),
    ready: (page) => page.getByTestId("tab-notes"),
    act: async (page) => {
      await page.getByTestId("tab-notes").click();
      await expect(page.getByTestId("notes-panel").getByTestId("note-item").first()).toBeVisible();
    },
  },
  { name: "notifications", path: "/admin/notifications", ready: byId("notifications-list") },
  { name: "players", path: "/admin/members/search-members", ready: byId("member-table") },
  { name: "banned players", path: "/admin/members/search-banned", ready: byId("member-search") },
  { name: "player profile", path: madePath("player"), ready: byId("member-tickets-section") },
  { name: "staff users", path: "/admin/users", ready: byId("staff-row") },
  { name: "statistics", path: "/admin/statistics", ready: byId("stats-first-reply") },
  { name: "quick replies", path: "/admin/setup/quick-replies", ready: byId("quick-reply-table") },
  { name: "category setup", path: "/admin/setup/category-setup", ready: byId("category-table") },
  { name: "priority setup", path: "/admin/setup/priority-setup", ready: byId("priority-table") },
  { name: "server setup", path: "/admin/setup/server-setup", ready: byId("server-table") },
  { name: "announcements", path: "/admin/setup/announcements-setup", ready: byId("announcements-table") },
  {
    name: "employee announcements",
    path: "/admin/setup/employee-announcements-setup",
    ready: byId("announcements-table"),
  },
  { name: "excuses setup", path: "/admin/setup/excuses-setup", ready: byId("excuse-table-RESOLVED") },
  { name: "FAQ setup", path: "/admin/setup/faq-setup", ready: byId("faq-setup-table") },
  { name: "profile", path: "/admin/settings/profile-settings", ready: byId("profile-name") },
  { name: "preferences", path: "/admin/settings/preference-settings", ready: byId("preferences-save") },
  { name: "developer board", path: "/admin/developer", ready: byId("todo-board") },
];

for (const target of TARGETS) {
  test(`staff: ${target.name}, light and dark`, async ({ page }) => {
    // axe walks the whole page twice; on a busy machine that alone can take most of a minute.
    test.setTimeout(150_000);
    const path = typeof target.path === "string" ? target.path : target.path();
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(path);
    await expect(target.ready(page), `${target.name} shows its content`).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("main-loader")).toHaveCount(0);
    await expect(page.getByTestId("page-loader")).toHaveCount(0);
    await target.act?.(page);
    const found: string[] = [];
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // The scheme really holds: the check would prove nothing on the wrong one.
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
      found.push(...(await blockingViolations(page, `${scheme} ${target.name} (${path})`)));
    }
    expect(found, found.join("\n")).toEqual([]);
  });
}
