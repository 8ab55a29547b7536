/**
 * Player-facing content (spec/1-product-frame.md §2): the landing page, the FAQ pages, member home and the
 * announcements panel, against the demo seed (8 FAQs, one with a link; 2 active announcements).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, storageStatePath } from "./support/env.ts";
import { signInContext } from "./support/staffApi.ts";

interface Faq {
  id: number;
  engTitle: string;
  engMessage: string;
}
interface Announcement {
  id: number;
  engTitle: string;
  startDate: number;
  read: boolean;
}

async function fetchFaqs(request: APIRequestContext): Promise<Faq[]> {
  const response = await request.get("/api/setup/fetch-faqs");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { faqs: Faq[] }).faqs;
}

async function fetchAnnouncements(request: APIRequestContext): Promise<Announcement[]> {
  const response = await request.get("/api/announcements/fetch-active-announcements");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { announcements: Announcement[] }).announcements;
}

/** A string of the Arabic locale file, read at test time so the check holds after translation. */
function arabic(key: string): string {
  const file = path.resolve(import.meta.dirname, "../web/public/locales/ar/common.json");
  let value: unknown = JSON.parse(readFileSync(file, "utf8"));
  for (const part of key.split(".")) value = (value as Record<string, unknown>)?.[part];
  if (typeof value !== "string") throw new Error(`ar/common.json has no string at ${key}`);
  return value;
}

function activeDotIndex(page: Page): Promise<number> {
  return page
    .getByTestId("announcement-dot")
    .evaluateAll((dots) => dots.findIndex((dot) => dot.getAttribute("data-active") === "true"));
}

test.describe("landing page", () => {
  test("shows the welcome, sign-in links, announcements and the first five FAQs", async ({ page, request }) => {
    const faqs = await fetchFaqs(request);
    const announcements = await fetchAnnouncements(request);
    expect(announcements.length).toBeGreaterThanOrEqual(2);
    const config = (await (await request.get("/api/config/public")).json()) as { links: { gameLogin: string } };

    await page.goto("/home");
    await expect(page.getByTestId("landing-sign-in")).toHaveAttribute("href", "/login");
    await expect(page.getByTestId("landing-game-login")).toHaveAttribute("href", config.links.gameLogin);
    await expect(page.getByTestId("landing-game-login")).toHaveAttribute("target", "_blank");

    const panel = page.getByTestId("announcements-panel");
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("announcement-dot")).toHaveCount(announcements.length);
    await expect(panel.getByTestId("announcement-title")).toHaveText(announcements[0]!.engTitle);

    const top = page.getByTestId("top-faqs");
    await expect(top.getByTestId("faq-entry")).toHaveCount(5);
    await expect(top.getByTestId("faq-entry").first()).toContainText(faqs[0]!.engTitle);
    await expect(top.getByTestId("all-faqs-link")).toHaveAttribute("href", "/faq");
  });

  test("/portal is the same landing", async ({ page }) => {
    await page.goto("/portal");
    await expect(page.getByTestId("announcements-panel")).toBeVisible();
    await expect(page.getByTestId("top-faqs").getByTestId("faq-entry")).toHaveCount(5);
  });
});

test.describe("FAQ page", () => {
  test("wide screens: two columns with alternating entries", async ({ page, request }) => {
    const faqs = await fetchFaqs(request);
    expect(faqs.length).toBeGreaterThanOrEqual(7);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/faq");
    await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    const columns = page.getByTestId("faq-column");
    await expect(columns).toHaveCount(2);
    await expect(page.getByTestId("faq-entry")).toHaveCount(faqs.length);
    // Entry 1 left, 2 right, 3 left…
    const left = columns.nth(0).getByTestId("faq-entry");
    const right = columns.nth(1).getByTestId("faq-entry");
    await expect(left).toHaveCount(Math.ceil(faqs.length / 2));
    await expect(right).toHaveCount(Math.floor(faqs.length / 2));
    await expect(left.nth(0)).toContainText(faqs[0]!.engTitle);
    await expect(right.nth(0)).toContainText(faqs[1]!.engTitle);
    await expect(left.nth(1)).toContainText(faqs[2]!.engTitle);
    const leftBox = (await columns.nth(0).boundingBox())!;
    const rightBox = (await columns.nth(1).boundingBox())!;
    expect(leftBox.x + leftBox.width).toBeLessThanOrEqual(rightBox.x);
    expect(leftBox.width).toBeLessThanOrEqual(500);
  });

  test("small screens: one column in order", async ({ page, request }) => {
    const faqs = await fetchFaqs(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/faq");
    await expect(page.getByTestId("faq-column")).toHaveCount(1);
    const entries = page.getByTestId("faq-entry");
    await expect(entries).toHaveCount(faqs.length);
    await expect(entries.nth(1)).toContainText(faqs[1]!.engTitle);
  });

  test("an entry expands and its web address opens in a new tab", async ({ page, request }) => {
    const faqs = await fetchFaqs(request);
    const withLink = faqs.find((faq) => /https?:\/\//.test(faq.engMessage));
    expect(withLink, "the demo seed has a FAQ with a link").toBeDefined();
    const address = withLink!.engMessage.match(/https?:\/\/\S+/)![0].replace(/[.,;:!?)]+$/, "");

    await page.goto("/faq");
    const entry = page.locator(`[data-testid=faq-entry][data-faq-id="${withLink!.id}"]`);
    const link = entry.getByRole("link", { name: address });
    await expect(link).toBeHidden();
    await entry.getByRole("button", { name: withLink!.engTitle }).click();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", address);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await expect(link).toHaveAttribute("rel", /noreferrer/);
  });

  test("in Arabic the page is right to left and the first column is on the right", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("helpdesk.language.anonymous", "ar"));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/faq");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: arabic("faq.title") })).toBeVisible();
    const columns = page.getByTestId("faq-column");
    await expect(columns).toHaveCount(2);
    const first = (await columns.nth(0).boundingBox())!;
    const second = (await columns.nth(1).boundingBox())!;
    expect(first.x).toBeGreaterThan(second.x);
  });
});

test.describe("member home", () => {
  test.use({ storageState: storageStatePath("player") });

  test("shows the two actions, the account links, the announcements and five FAQs", async ({ page, request }) => {
    const config = (await (await request.get("/api/config/public")).json()) as {
      links: { safeZone: string; changePassword: string; deleteAccount: string };
    };
    await page.goto("/member/home");
    await expect(page.getByTestId("home-create-ticket")).toHaveAttribute("href", "/member/create-ticket");
    await expect(page.getByTestId("home-ticket-history")).toHaveAttribute("href", "/member/ticket-history");
    for (const key of ["safeZone", "changePassword", "deleteAccount"] as const) {
      const link = page.getByTestId(`account-link-${key}`);
      await expect(link).toHaveAttribute("href", config.links[key]);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(page.getByTestId("announcements-panel")).toBeVisible();
    const top = page.getByTestId("top-faqs");
    await expect(top.getByTestId("faq-entry")).toHaveCount(5);
    await expect(top.getByTestId("all-faqs-link")).toHaveAttribute("href", "/member/faq");
  });

  test("/member/faq shows every entry", async ({ page, request }) => {
    const faqs = await fetchFaqs(request);
    await page.goto("/member/faq");
    await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    await expect(page.getByTestId("faq-entry")).toHaveCount(faqs.length);
  });
});

test.describe("announcements panel", () => {
  test("rotates after 5 s, a dot selects, a swipe moves, hover pauses", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The page's clock runs as usual, and is moved on where the test would otherwise wait.
    await page.clock.install();
    await page.goto("/home");
    const panel = page.getByTestId("announcements-panel");
    const dots = panel.getByTestId("announcement-dot");
    await expect(dots.first()).toHaveAttribute("data-active", "true");
    const firstTitle = await panel.getByTestId("announcement-title").textContent();

    // Rotation: after a little more than 5 s another dot is active.
    await page.mouse.move(0, 0);
    await page.clock.fastForward(5_600);
    await expect.poll(() => activeDotIndex(page)).toBe(1);
    await expect(panel.getByTestId("announcement-title")).not.toHaveText(firstTitle ?? "");

    // A dot click selects its item.
    await dots.first().click();
    await expect(dots.first()).toHaveAttribute("data-active", "true");
    await expect(panel.getByTestId("announcement-title")).toHaveText(firstTitle ?? "");

    // Hover pauses: the pointer is over the panel (after the click), nothing moves for 6 s.
    await page.clock.fastForward(6_000);
    expect(await activeDotIndex(page)).toBe(0);

    // A swipe to the left of more than 50 px brings the next item (left to right page).
    const box = (await panel.getByTestId("announcement-item").boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, y, { steps: 5 });
    await page.mouse.up();
    expect(await activeDotIndex(page)).toBe(1);
    // A short drag does nothing.
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 30, y, { steps: 3 });
    await page.mouse.up();
    expect(await activeDotIndex(page)).toBe(1);
  });

  test("shows 'No new announcements' when the list is empty", async ({ page }) => {
    await page.route("**/api/announcements/fetch-active-announcements", (route) =>
      route.fulfill({ status: 200, json: { announcements: [] } }),
    );
    await page.goto("/home");
    await expect(page.getByTestId("announcements-panel")).toHaveText("No new announcements");
  });

  test("an announcement a player has seen is recorded as read and loses its yellow border", async ({ page }) => {
    // A player of the seed that no other test signs in with, so nothing has been read yet.
    await signInContext(page.context(), "player6@demo.test", DEMO_PASSWORD);
    await page.goto("/member/home");

    const before = await fetchAnnouncements(page.request);
    const now = Date.now() / 1000;
    const old = before.findIndex((item) => now - item.startDate > 86_400);
    expect(old, "the seed has an active announcement older than a day").toBeGreaterThanOrEqual(0);
    expect(before[old]!.read).toBe(false);

    const panel = page.getByTestId("announcements-panel");
    await panel.getByTestId("announcement-dot").nth(old).click();
    await expect(panel).toHaveAttribute("data-announcement-id", String(before[old]!.id));
    const shown = await panel.evaluate((element) => ({
      highlighted: element.getAttribute("data-highlighted"),
      border: getComputedStyle(element).borderTopColor,
    }));
    expect(shown.highlighted).toBe("true");

    // Seen for about a second: read locally (primary border) and on the server.
    await expect(panel).toHaveAttribute("data-highlighted", "false", { timeout: 5_000 });
    await expect
      .poll(() => panel.evaluate((element) => getComputedStyle(element).borderTopColor))
      .not.toBe(shown.border);
    await expect
      .poll(async () => (await fetchAnnouncements(page.request)).find((item) => item.id === before[old]!.id)?.read)
      .toBe(true);
  });
});
