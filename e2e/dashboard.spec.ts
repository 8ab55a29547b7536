/**
 * The dashboard and the statistics page (spec/3-staff-administration.md §2.1): charts drawn on their canvases with their
 * legends and labels in light and dark mode, the range buttons, a staff member without
 * stats:view seeing no charts, and the changelog (an admin adds an entry). Against the demo seed,
 * whose year of ended tickets gives every chart data.
 */

import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../common/constants.ts";
import { storageStatePath } from "./support/env.ts";
import { csrf, signInContext, signInThroughApi } from "./support/staffApi.ts";

const NO_STATS_PASSWORD = "N0-Stats!Passw0rd";

/** Whether Chart.js has painted anything on the canvas. */
function painted(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const context = canvas.getContext("2d");
    if (!context || canvas.width === 0 || canvas.height === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });
}

async function expectDrawn(block: Locator): Promise<void> {
  const canvas = block.locator("canvas").first();
  await expect(canvas).toBeVisible();
  await expect.poll(() => painted(canvas)).toBe(true);
}

const json = async (locator: Locator, attribute: string): Promise<string[]> =>
  JSON.parse((await locator.getAttribute(attribute)) ?? "[]") as string[];

async function openAs(browser: Browser, scheme: "light" | "dark"): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStatePath("mod"), colorScheme: scheme });
  return context.newPage();
}

test.describe("dashboard charts", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`the user overview, tickets overview and ticket count are drawn in ${scheme} mode`, async ({ browser }) => {
      const page = await openAs(browser, scheme);
      await page.goto("/admin/dashboard");
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
      const overview = page.getByTestId("user-overview");
      await expectDrawn(overview);
      expect(await json(overview.getByTestId("doughnut-chart"), "data-legend")).toEqual([
        "Assigned to you, open",
        "Resolved by you",
        "Closed by you",
      ]);
      const tickets = page.getByTestId("tickets-overview");
      await expectDrawn(tickets);
      expect((await json(tickets.getByTestId("doughnut-chart"), "data-legend")).length).toBeGreaterThan(1);
      const count = page.getByTestId("ticket-count");
      await expectDrawn(count);
      const axis = count.locator("[data-labels]");
      const labels = await json(axis, "data-labels");
      expect(labels).toHaveLength(24);
      expect(labels.every((l) => /^\d{2}:00$/.test(l))).toBe(true);
      // The text colour differs between the schemes (spec/3-staff-administration.md §2.1).
      await expect(axis).toHaveAttribute("data-text-color", scheme === "dark" ? "#c9c9c9" : "#495057");
      await page.context().close();
    });
  }

  test.describe("range buttons", () => {
    test.use({ storageState: storageStatePath("mod") });

    test("switch the series: Last year in month names, Last week every fourth date, Last month in days", async ({
      page,
    }) => {
      await page.goto("/admin/dashboard");
      const chart = page.getByTestId("ticket-count").getByTestId("over-time-chart");
      await expect(chart).toHaveAttribute("data-range", "hours_to_count");
      const axis = chart.locator("[data-labels]");

      await chart.getByText("Last year", { exact: true }).click();
      await expect(chart).toHaveAttribute("data-range", "months_to_count");
      await expect.poll(async () => (await json(axis, "data-labels")).length).toBe(12);
      const months = await json(axis, "data-labels");
      const current = new Date().toLocaleString("en-US", { month: "long", timeZone: "Europe/Istanbul" });
      expect(months.at(-1)).toBe(current);
      expect(new Set(months).size).toBe(12);
      await expectDrawn(chart);

      await chart.getByText("Last week", { exact: true }).click();
      await expect(chart).toHaveAttribute("data-range", "intervals_to_count");
      await expect.poll(async () => (await json(axis, "data-labels")).length).toBe(7);
      expect((await json(axis, "data-labels")).every((l) => /^\d{4}-\d{2}-\d{2}$/.test(l))).toBe(true);

      await chart.getByText("Last month", { exact: true }).click();
      await expect(chart).toHaveAttribute("data-range", "weeks_to_count");
      await expect.poll(async () => (await json(axis, "data-labels")).length).toBe(30);
    });
  });
});

test.describe("statistics page", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`holds Tickets overview, Ticket count and Ticket first reply delay, drawn in ${scheme} mode`, async ({
      browser,
    }) => {
      const page = await openAs(browser, scheme);
      await page.goto("/admin/statistics");
      await expect(page.getByRole("heading", { name: "Statistics", exact: true })).toBeVisible();
      for (const title of ["Tickets overview", "Ticket count", "Ticket first reply delay"]) {
        await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
      }
      const overview = page.getByTestId("stats-tickets-overview");
      await expect(overview.getByTestId("figure-n_total")).toContainText(/\d/);
      const doughnuts = overview.getByTestId("doughnut-chart");
      await expect(doughnuts).toHaveCount(2);
      await expectDrawn(doughnuts.nth(0));
      await expectDrawn(doughnuts.nth(1));
      expect(await json(doughnuts.nth(1), "data-legend")).toContain("Waiting for staff");
      await expectDrawn(page.getByTestId("stats-ticket-count"));
      const delay = page.getByTestId("stats-first-reply");
      await expectDrawn(delay);
      expect(await json(delay.locator("[data-legend]"), "data-legend")).toEqual(["Mean", "Median"]);
      await delay.getByText("Last year", { exact: true }).click();
      await expect(delay.getByTestId("over-time-chart")).toHaveAttribute("data-range", "months_to_count");
      await expectDrawn(delay);
      await page.context().close();
    });
  }
});

test.describe("changelog", () => {
  test.use({ storageState: storageStatePath("admin"), timezoneId: "Europe/Istanbul" });

  test("an admin adds an entry: it heads the timeline under the project version", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const changelog = page.getByTestId("changelog");
    await expect(changelog.getByTestId("project-version")).toHaveText("Version 2.09");
    await changelog.getByRole("button", { name: "Add entry" }).click();
    const form = changelog.getByTestId("changelog-form");
    await form.getByLabel("Date").fill("31.12.2026");
    await form.getByLabel("Title").fill("Too early");
    await form.getByLabel("Message").fill("Not sent.");
    await form.getByRole("button", { name: "Add", exact: true }).click();
    await expect(form.getByText("Use HH:MM DD.MM.YYYY, or leave the date empty.")).toBeVisible();

    const title = `Charts ${Date.now()}`;
    await form.getByLabel("Date").fill("09:30 02.11:2026");
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Message").fill("The dashboard draws its statistics.");
    await form.getByRole("button", { name: "Add", exact: true }).click();
    await expect(form).toHaveCount(0);
    const entry = changelog.getByTestId("changelog-entry").filter({ hasText: title });
    await expect(entry).toContainText("09:30 02.11.2026");
    await expect(entry).toContainText("The dashboard draws its statistics.");
    await expect(changelog.getByText("Too early")).toHaveCount(0);
  });

  test.describe("as a mod", () => {
    test.use({ storageState: storageStatePath("mod") });
    test("reads the timeline but has no add button", async ({ page }) => {
      await page.goto("/admin/dashboard");
      const changelog = page.getByTestId("changelog");
      await expect(changelog.getByTestId("changelog-entry").first()).toBeVisible();
      await expect(changelog.getByRole("button", { name: "Add entry" })).toHaveCount(0);
    });
  });
});

test.describe("staff without stats:view", () => {
  test("sees the dashboard and its changelog but no charts, and is sent back from the statistics page", async ({
    page,
  }) => {
    // A dev of the test's own: the rank's default permissions, which hold stats:view, less that one.
    const email = `nostats-${Date.now()}@e2e.test`;
    const admin = await signInThroughApi("admin");
    let token = "";
    try {
      ({ password_token: token } = await admin.post<{ password_token: string }>("/api/users/create-new-user", {
        email,
        user_class: "dev",
        user_rank: "dev",
        remove_list: "stats:view",
      }));
    } finally {
      await admin.dispose();
    }
    const api = page.context().request;
    await api.get("/api/config/public");
    const set = await api.post("/auth2/setup-password", {
      data: { password_token: token, new_password: NO_STATS_PASSWORD },
      headers: { [CSRF_HEADER]: await csrf(api) },
    });
    expect(set.status()).toBe(200);
    await signInContext(page.context(), email, NO_STATS_PASSWORD);
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("changelog").getByTestId("changelog-entry").first()).toBeVisible();
    await expect(page.getByTestId("dashboard-stats")).toHaveCount(0);
    await expect(page.locator("canvas")).toHaveCount(0);
    await page.goto("/admin/statistics");
    await page.waitForURL("**/admin/dashboard");
    await expect(page.locator("canvas")).toHaveCount(0);
  });
});
