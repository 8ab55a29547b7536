/**
 * The player beside a staff ticket and bans from the player's profile: the panel shows the
 * member's character and other tickets, and the name opens the profile; an admin bans from the
 * profile (the ticket it is recorded on is named), the profile and the open ticket page show the
 * ban, the panel lifts it; a visitor's panel has no profile to open; a mod who may ban on none of
 * the tickets is told why. Every test files for a member of its own: no shared demo player is
 * ever banned. axe checks the profile and the panel in light and dark.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../common/constants.ts";
import { animationsSettled } from "./support/animations.ts";
import { storageStatePath } from "./support/env.ts";
import { type FreshMember, freshMember } from "./support/freshMember.ts";
import { staffTicketPath } from "./support/playerTicket.ts";
import { signInThroughApi } from "./support/staffApi.ts";

interface Filed {
  id: number;
  user_id: number;
  createdAt: number;
}

/** Files a ticket for the member through the API, as the create-ticket form does. */
async function file(member: FreshMember, character: string, subject: string): Promise<Filed> {
  const api = member.context.request;
  const setup = async (path: string, key: string) =>
    (await (await api.get(path)).json())[key] as { id: number; title: string }[];
  const category = (await setup("/api/setup/fetch-categories", "categories")).find((c) => c.title === "Report bugs");
  const server = (await setup("/api/setup/fetch-servers", "servers")).find((c) => c.title === "Europe 1");
  const filed = await api.post("/api/tickets/submit-member-ticket", {
    data: {
      category: category?.id ?? 0,
      server: server?.id ?? 0,
      characterName: character,
      subject,
      description: "The panel should show this one.",
      captchaToken: await member.captcha(),
    },
    headers: { [CSRF_HEADER]: await member.csrf() },
  });
  expect(filed.status()).toBe(200);
  return ((await filed.json()) as { ticket: Filed }).ticket;
}

/** A member of the test's own with one ticket, or two when `earlier` names the first one's subject. */
async function memberWithTickets(browser: Browser, name: string, earlier?: string) {
  const character = `${name.slice(0, 5)}Hero`;
  const member = await freshMember(browser, { name, character });
  const first = earlier ? await file(member, character, earlier) : undefined;
  const ticket = await file(member, character, `${name}'s question ${Date.now()}`);
  return { member, character, first, ticket, path: await staffTicketPath(ticket.id) };
}

/** A ticket of the demo's account-less visitor (only looked at: the guest is never banned here). */
async function guestTicketId(): Promise<number> {
  const staff = await signInThroughApi("admin");
  try {
    const { tickets } = await staff.post<{ tickets: { id: number }[] }>("/api/tickets/pagination-search-tickets", {
      email: "guest@demo.test",
      email_mode: 2,
      page: 1,
      entries_per_page: 10,
    });
    if (!tickets[0]) throw new Error("the demo seed has no ticket of guest@demo.test");
    return tickets[0].id;
  } finally {
    await staff.dispose();
  }
}

const profilePath = (memberId: number) => `/admin/members/member-profile/${memberId}`;

/** Serious and critical axe findings inside `selector` (the whole page when none), described. */
async function axeFindings(page: Page, selector?: string): Promise<string[]> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const result = await (selector ? builder.include(selector) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) =>
      [
        `[${v.impact}] ${v.id}: ${v.help}`,
        ...v.nodes.slice(0, 5).map((n) => `    ${n.html}: ${n.failureSummary?.replaceAll("\n", " ")}`),
      ].join("\n"),
    );
}

// Staff pages load cold on a busy machine, and a test here opens several.
test.describe.configure({ timeout: 150_000 });

test.describe("as the admin", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("the panel shows the character and the other tickets; the name opens the profile", async ({ page, browser }) => {
    const earlier = `Earlier question ${Date.now()}`;
    const { member, character, first, ticket, path } = await memberWithTickets(browser, "Panelist", earlier);
    try {
      await page.goto(path);
      const panel = page.getByTestId("player-panel");
      await expect(panel).toBeVisible({ timeout: 30_000 });
      await expect(panel.getByTestId("player-panel-name")).toHaveText("Panelist");
      await expect(panel.getByTestId("player-panel-email")).toHaveText(member.email);
      await expect(panel.getByTestId("ban-state")).toHaveAttribute("data-banned", "false");

      const characters = panel.getByTestId("player-panel-character");
      await expect(characters).toHaveCount(1);
      await expect(characters).toContainText(character);
      await expect(characters).toContainText("20");
      await expect(characters).toContainText("Europe 1");

      // The other ticket, not this one, with its status and a link to its staff page.
      const others = panel.getByTestId("player-panel-ticket");
      await expect(others).toHaveCount(1);
      await expect(others).toContainText(`#${first?.createdAt}`);
      await expect(others).toContainText(earlier);
      await expect(others.getByTestId("ticket-status")).toHaveAttribute("data-status", "NEW TICKET");
      await expect(others.getByTestId("ticket-status")).toHaveText("New ticket");
      await expect(panel.getByTestId("player-panel-all-tickets")).toHaveText("All tickets (2)");
      await expect(panel.getByTestId("player-panel-all-tickets")).toHaveAttribute("href", profilePath(ticket.user_id));

      await others.getByTestId("player-panel-ticket-link").click();
      await page.waitForURL(/\/admin\/[^/]+\/edit$/);
      // The subject heads the conversation.
      await expect(page.getByTestId("ticket-page-subject")).toHaveText(earlier);
      await expect(page.getByTestId("player-panel-ticket")).toContainText(`#${ticket.createdAt}`);

      await page.getByTestId("player-panel-name").click();
      await page.waitForURL(new RegExp(`${profilePath(ticket.user_id)}$`));
      await expect(page.getByTestId("member-profile").getByTestId("member-name")).toHaveText("Panelist");
    } finally {
      await member.context.close();
    }
  });

  test("a ban from the profile shows on the profile and the ticket page; the panel lifts it", async ({
    page,
    browser,
  }) => {
    const { member, ticket, path } = await memberWithTickets(browser, "Bannable");
    // The ticket page stays open while the profile bans: it learns of the ban live.
    const ticketPage = await page.context().newPage();
    try {
      await ticketPage.goto(path);
      const panel = ticketPage.getByTestId("player-panel");
      await expect(panel.getByTestId("ban-state")).toHaveAttribute("data-banned", "false", { timeout: 30_000 });

      await page.goto(profilePath(ticket.user_id));
      const profile = page.getByTestId("member-profile");
      await expect(profile.getByTestId("ban-state")).toHaveAttribute("data-banned", "false", { timeout: 30_000 });
      // The ban is recorded on the member's one ticket, and the page says so.
      await expect(page.getByTestId("profile-ban-ticket-link")).toHaveText(`#${ticket.createdAt}`);
      await expect(page.getByTestId("profile-ban-refusal")).toHaveCount(0);

      await profile.getByTestId("profile-ban-button").click();
      const modal = page.getByTestId("profile-ban-modal");
      await expect(modal.getByTestId("ban-confirm")).toBeDisabled();
      await modal.getByTestId("ban-reason").fill("Spamming the support chat");
      await modal.getByTestId("ban-confirm").click();
      await expect(modal).toHaveCount(0);

      await expect(profile.getByTestId("ban-state")).toHaveAttribute("data-banned", "true");
      await expect(profile.getByTestId("ban-state")).toContainText("Banned until");
      await expect(profile.getByTestId("profile-unban-button")).toBeEnabled();
      await expect(page.getByTestId("ban-history-row").first()).toContainText("Spamming the support chat");

      // The open ticket page follows: its panel and its action bar.
      await expect(panel.getByTestId("ban-state")).toHaveAttribute("data-banned", "true");
      await expect(panel.getByTestId("player-panel-ban-reason")).toHaveText("Reason: Spamming the support chat");
      await expect(ticketPage.getByTestId("unban-button")).toBeEnabled();

      // The panel lifts the ban; it asks first.
      await panel.getByTestId("player-panel-unban-button").click();
      await ticketPage.getByTestId("confirm-action-confirm").click();
      await expect(panel.getByTestId("ban-state")).toHaveAttribute("data-banned", "false");
      await expect(panel.getByTestId("player-panel-ban-button")).toBeEnabled();
      await expect(ticketPage.getByTestId("ban-button")).toBeEnabled();

      // The profile, open all along, shows the ban lifted, by whom.
      await expect(profile.getByTestId("ban-state")).toHaveAttribute("data-banned", "false");
      await expect(profile.getByTestId("profile-ban-button")).toBeEnabled();
      await expect(page.getByTestId("ban-history-row").first()).toContainText("Lifted by");
    } finally {
      await ticketPage.close();
      await member.context.close();
    }
  });
  test("a visitor's ticket: no profile to open, no characters, the ban follows the e-mail", async ({ page }) => {
    await page.goto(await staffTicketPath(await guestTicketId()));
    const panel = page.getByTestId("player-panel");
    await expect(panel.getByTestId("player-panel-visitor")).toHaveText("Visitor", { timeout: 30_000 });
    await expect(panel.getByTestId("player-panel-email")).toHaveText("guest@demo.test");
    await expect(panel.getByTestId("player-panel-name")).not.toHaveAttribute("href");
    await expect(panel.getByRole("link")).toHaveCount(0);
    await expect(panel).toContainText("A ban holds for their e-mail address.");
    await expect(panel.getByTestId("player-panel-characters")).toHaveCount(0);
    await expect(
      panel.getByTestId("player-panel-ban-button").or(panel.getByTestId("player-panel-unban-button")),
    ).toBeVisible();
  });
});

test.describe("as a mod on a ticket not theirs", () => {
  test.use({ storageState: storageStatePath("mod") });

  test("the profile says why there is no ban, and the panel's Ban is off", async ({ page, browser }) => {
    const { member, ticket, path } = await memberWithTickets(browser, "Unowned");
    try {
      await page.goto(profilePath(ticket.user_id));
      const refusal = page.getByTestId("profile-ban-refusal");
      await expect(refusal).toHaveAttribute("data-refusal", "ban_not_allowed", { timeout: 30_000 });
      await expect(refusal).toContainText("assigned to you");
      await expect(page.getByTestId("profile-ban-button")).toBeDisabled();

      await page.goto(path);
      await expect(page.getByTestId("player-panel-ban-button")).toBeDisabled({ timeout: 30_000 });
    } finally {
      await member.context.close();
    }
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`axe finds nothing serious on the profile and the panel, ${colorScheme}`, async ({ browser }) => {
    const { member, ticket, path } = await memberWithTickets(browser, "Axeman", `Axe earlier ${Date.now()}`);
    const context = await browser.newContext({ storageState: storageStatePath("admin"), colorScheme });
    try {
      const page = await context.newPage();
      await page.goto(profilePath(ticket.user_id));
      await expect(page.getByTestId("profile-ban-ticket-link")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId("ban-history-table").or(page.getByText("No bans yet."))).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", colorScheme);
      const onProfile = await axeFindings(page);
      expect(onProfile, onProfile.join("\n")).toEqual([]);

      await page.goto(path);
      await expect(page.getByTestId("player-panel-ticket")).toHaveCount(1, { timeout: 30_000 });
      const onPanel = await axeFindings(page, '[data-testid="player-panel"]');
      expect(onPanel, onPanel.join("\n")).toEqual([]);
    } finally {
      await context.close();
      await member.context.close();
    }
  });
}
