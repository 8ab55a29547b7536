/** Every redirect rule of spec/1-product-frame.md §2 and spec/3-staff-administration.md §2, per kind of visitor. */
import { expect, type Page, test } from "@playwright/test";
import { encodeFetchCode, encodeTicketInfo } from "../common/ticket-code.ts";
import { storageStatePath } from "./support/env.ts";

const fetchCode = encodeFetchCode({ ticketId: 1 });
const ticketInfo = encodeTicketInfo({ ticketId: 1, email: "player1@demo.test" });

/**
 * One page for each kind of visitor, shared by its redirect checks: each check is still a fresh
 * load of its address, with the app's files from the browser's cache instead of a new browser's.
 */
function sharedPage(storageState: string | null): () => Page {
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageState ?? { cookies: [], origins: [] } });
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await page?.context().close();
  });
  return () => {
    if (!page) throw new Error("the shared page was not opened");
    return page;
  };
}

async function expectRedirect(page: Page, from: string, to: string | RegExp) {
  await page.goto(from);
  const expected = typeof to === "string" ? new RegExp(`${to.replace(/[?]/g, "\\?")}$`) : to;
  await expect(page, `${from} should lead to ${to}`).toHaveURL(expected);
}

test.describe("anonymous visitor", () => {
  const shared = sharedPage(null);
  const cases: [string, string][] = [
    ["/", "/home"],
    ["/admin", "/home"],
    ["/admin/dashboard", "/home"],
    ["/admin/users", "/home"],
    ["/admin/setup/quick-replies", "/home"],
    ["/member", "/home"],
    ["/member/home", "/home"],
    ["/member/create-ticket", "/home"],
    [`/member/ticket/${fetchCode}`, `/home?ticket=${fetchCode}`],
    ["/no/such/page", "/home"],
    ["/home", "/home"],
    ["/portal", "/portal"],
    ["/faq", "/faq"],
    ["/login", "/login"],
    [`/ticket/${ticketInfo}`, `/ticket/${ticketInfo}`],
    ["/setup-password/abc", "/setup-password/abc"],
  ];
  for (const [from, to] of cases) {
    test(`${from} → ${to}`, async () => {
      await expectRedirect(shared(), from, to);
    });
  }

  test("the public pages are never blank", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in on the game website" })).toBeVisible();
    await page.goto("/faq");
    await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
  });
});

test.describe("member (class user)", () => {
  test.use({ storageState: storageStatePath("player") });
  const shared = sharedPage(storageStatePath("player"));
  const cases: [string, string][] = [
    ["/", "/member/home"],
    ["/member", "/member/home"],
    ["/admin", "/member/home"],
    ["/admin/dashboard", "/member/home"],
    ["/admin/setup/quick-replies", "/member/home"],
    ["/home", "/member/home"],
    [`/ticket/${ticketInfo}`, "/member/home"],
    ["/login", "/member/home"],
    ["/no/such/page", "/member/home"],
    ["/member/ticket-history", "/member/ticket-history"],
    [`/member/ticket/${fetchCode}`, `/member/ticket/${fetchCode}`],
  ];
  for (const [from, to] of cases) {
    test(`${from} → ${to}`, async () => {
      await expectRedirect(shared(), from, to);
    });
  }
});

test.describe("a page whose chunk does not load", () => {
  test.use({ storageState: storageStatePath("player") });

  test("shows the error page, and its reload brings the page", async ({ page }) => {
    await page.goto("/member/home");
    await expect(page.getByTestId("home-create-ticket")).toBeVisible();
    const chunk = "**/assets/TicketHistoryPage-*.js";
    await page.route(chunk, (route) => route.abort());
    await page.getByTestId("home-ticket-history").click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("Part of the application could not be loaded.")).toBeVisible();
    await page.unroute(chunk);
    await page.getByRole("button", { name: "Reload page" }).click();
    await expect(page).toHaveURL(/\/member\/ticket-history$/);
    await expect(page.getByRole("heading", { name: "Ticket history" })).toBeVisible();
  });
});

test.describe("staff (mod)", () => {
  test.use({ storageState: storageStatePath("mod") });
  const shared = sharedPage(storageStatePath("mod"));
  const cases: [string, string][] = [
    ["/", "/admin/dashboard"],
    ["/admin", "/admin/dashboard"],
    ["/member", "/admin/dashboard"],
    ["/member/home", "/admin/dashboard"],
    ["/home", "/admin/dashboard"],
    ["/login", "/admin/dashboard"],
    ["/admin/members", "/admin/members/search-members"],
    ["/admin/settings", "/admin/settings/profile-settings"],
    ["/admin/setup", "/admin/setup/quick-replies"],
    ["/admin/no-such-page", "/admin/dashboard"],
    ["/admin/users", "/admin/users"],
    ["/admin/statistics", "/admin/statistics"],
    ["/admin/ticket", "/admin/ticket"],
    ["/admin/notifications", "/admin/notifications"],
    [`/admin/${ticketInfo}/edit`, `/admin/${ticketInfo}/edit`],
  ];
  for (const [from, to] of cases) {
    test(`${from} → ${to}`, async () => {
      await expectRedirect(shared(), from, to);
    });
  }

  test("sidebar shows the permitted entries and Setup keeps the open setup page", async ({ page }) => {
    await page.goto("/admin/setup/category-setup");
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
      await expect(page.getByTestId(`sidebar-${entry}`)).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Category setup" })).toBeVisible();
    await expect(page.getByTestId("sidebar-setup")).toHaveAttribute("href", "/admin/setup/category-setup");
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("sidebar-setup")).toHaveAttribute("href", "/admin/setup/quick-replies");
  });
});

test.describe("staff missing view permissions (dev rank)", () => {
  test.use({ storageState: storageStatePath("dev") });

  test("pages without their view permission go to the dashboard", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const answer = await page.request.get("/api/permissions/get-permissions");
    const { permissions } = (await answer.json()) as { permissions: string[] };
    // The rules below hold for the demo dev rank's defaults; fail loudly if those change.
    expect(permissions).not.toContain("users:view");

    await expectRedirect(page, "/admin/users", "/admin/dashboard");
    await expect(page.getByTestId("sidebar-users")).toHaveCount(0);
    const gated: [string, string][] = [
      ["/admin/statistics", "stats:page_view"],
      ["/admin/setup/category-setup", "setup:view"],
      ["/admin/setup/excuses-setup", "setup:create"],
      ["/admin/members/search-members", "members:view"],
      ["/admin/settings/profile-settings", "profile:view"],
    ];
    for (const [path, permission] of gated) {
      await expectRedirect(page, path, permissions.includes(permission) ? path : "/admin/dashboard");
    }
    const setupHome = permissions.includes("quick_response:view") ? "/admin/setup/quick-replies" : "/admin/dashboard";
    await expectRedirect(page, "/admin/setup", permissions.includes("setup:view") ? setupHome : "/admin/dashboard");
  });
});
