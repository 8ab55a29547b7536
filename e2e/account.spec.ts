/**
 * Profile, preferences and the developer page in a real browser (spec/3-staff-administration.md §2.5, §2.6): the
 * username in the header, a picture uploaded and deleted, the 3-second saved message, the resolve
 * warning back after clearing don't-show-again, and a to-do added, marked and deleted. The
 * profile flows use the demo's second admin, whom no other spec signs in as.
 */
import { expect, type Page, test } from "@playwright/test";
import { CSRF_COOKIE, CSRF_HEADER, STORAGE_KEYS } from "../common/constants.ts";
import { decodeIdToken } from "../common/schemas/auth.ts";
import type { FetchStaffTicketResponse } from "../common/schemas/staffTickets.ts";
import { encodeTicketInfo } from "../common/ticket-code.ts";
import { SAMPLE_FILES } from "../server/test/sampleFiles.ts";
import { SWITCH_USER, storageStatePath } from "./support/env.ts";
import { signInContext } from "./support/staffApi.ts";

/** Signs the second admin in (through the API: the sign-in page is auth.spec.ts's) and opens `path`. */
async function signInAsSecondAdmin(page: Page, path = "/admin/dashboard"): Promise<number> {
  await signInContext(page.context(), SWITCH_USER.email, SWITCH_USER.password);
  await page.goto(path);
  const pulse = await (await page.request.get("/auth/pulse-check")).json();
  return decodeIdToken(pulse.id_token)!.id;
}

async function post<T>(page: Page, path: string, body: Record<string, unknown>): Promise<T> {
  const csrf = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? "";
  const response = await page.request.post(path, { data: body, headers: { [CSRF_HEADER]: csrf } });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

test.describe("profile and preferences", () => {
  test("the username changes in the header, one field at a time, without @ or spaces", async ({ page }) => {
    await signInAsSecondAdmin(page);
    await page.getByTestId("profile-menu").click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await page.waitForURL("**/admin/settings/profile-settings");
    await expect(page.getByTestId("username-warning")).toHaveText(
      "ATTENTION! Players will be able to see your username.",
    );

    await page.getByTestId("profile-name-edit").click();
    // The other fields are locked while one is in edit; Save waits for a change.
    await expect(page.getByTestId("profile-email-edit")).toBeDisabled();
    await expect(page.getByTestId("profile-password-edit")).toBeDisabled();
    await expect(page.getByTestId("profile-save")).toBeDisabled();
    const input = page.getByTestId("profile-name-input");
    await input.fill("");
    await input.pressSequentially("Selin @Lead");
    await expect(input).toHaveValue("SelinLead");
    await page.getByTestId("profile-save").click();
    await expect(page.getByTestId("profile-name-value")).toHaveText("SelinLead");
    await expect(page.getByTestId("profile-menu")).toContainText("SelinLead");
    await expect(page.getByTestId("profile-email-edit")).toBeEnabled();
    // It is stored: a fresh load shows it too.
    await page.reload();
    await expect(page.getByTestId("profile-menu")).toContainText("SelinLead");
  });

  test("the sign-in e-mail changes only with the current password", async ({ page }) => {
    await signInAsSecondAdmin(page, "/admin/settings/profile-settings");
    await page.getByTestId("profile-email-edit").click();
    const email = page.getByTestId("profile-email-input");
    const current = page.getByTestId("current-password");
    await email.fill("admin2.moved@demo.test");
    // Save waits for the current password as well as for a new address.
    await expect(page.getByTestId("profile-save")).toBeDisabled();
    await expect(page.getByLabel("Current password")).toHaveAttribute("type", "password");

    await current.fill("Wrong-Passw0rd!");
    await page.getByTestId("profile-save").click();
    await expect(page.getByTestId("profile-email").getByText("The current password is wrong.")).toBeVisible();
    await expect(email).toHaveValue("admin2.moved@demo.test");

    await current.fill(SWITCH_USER.password);
    await page.getByTestId("profile-save").click();
    await expect(page.getByTestId("profile-email-value")).toHaveText("admin2.moved@demo.test");

    // Back to the address the other tests sign in with, the same way.
    await page.getByTestId("profile-email-edit").click();
    await email.fill(SWITCH_USER.email);
    await current.fill(SWITCH_USER.password);
    await page.getByTestId("profile-save").click();
    await expect(page.getByTestId("profile-email-value")).toHaveText(SWITCH_USER.email);
  });

  test("a picture is uploaded, shown in the header, and deleted", async ({ page }) => {
    await signInAsSecondAdmin(page, "/admin/settings/profile-settings");
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: SAMPLE_FILES["image/png"]!.bytes });
    const avatar = page.getByTestId("profile-picture-avatar").locator("img");
    await expect(avatar).toHaveAttribute("src", /^\/api\/profile\/avatar\/.+\.png$/);
    const src = (await avatar.getAttribute("src"))!;
    expect((await page.request.get(src)).headers()["content-type"]).toBe("image/png");
    await expect(page.getByTestId("profile-menu").locator("img")).toHaveAttribute("src", src);

    await page.getByTestId("profile-picture-delete").click();
    await page.getByTestId("confirm-action-confirm").click();
    await expect(avatar).toHaveCount(0);
    await expect(page.getByTestId("profile-picture-delete")).toHaveCount(0);
    expect((await page.request.get(src)).status()).toBe(404);
  });

  test("a file that is not an image is refused with a message", async ({ page }) => {
    await signInAsSecondAdmin(page, "/admin/settings/profile-settings");
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text\n") });
    await expect(page.getByTestId("profile-picture-error")).toHaveText(
      "The profile picture must be an image (JPEG, PNG, BMP or WebP).",
    );
  });

  test("a saved preference shows 'Preferences saved.' for 3 seconds and stays saved", async ({ page }) => {
    await signInAsSecondAdmin(page, "/admin/settings/preference-settings");
    const sound = page.getByTestId("preference-notification_sound_on");
    const before = await sound.isChecked();
    await expect(page.getByTestId("preferences-save")).toBeDisabled();
    await sound.click({ force: true });
    await page.getByTestId("preferences-save").click();
    const saved = page.getByTestId("preferences-saved");
    await expect(saved).toHaveText("Preferences saved.");
    const shownAt = Date.now();
    await expect(saved).toBeHidden({ timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await page.reload();
    await expect(page.getByTestId("preference-notification_sound_on")).toBeChecked({ checked: !before });

    // The chat list follows a saved flag at once, without a reload (the demo admin has chats).
    const bulk = page.getByTestId("chat-list-remove-all");
    const shown = (await bulk.count()) > 0;
    await page.getByTestId("preference-remove_all_chats_button").click({ force: true });
    await page.getByTestId("preferences-save").click();
    await expect(bulk).toHaveCount(shown ? 0 : 1);
  });

  test("clearing don't-show-again brings the resolve warning back", async ({ page }) => {
    const userId = await signInAsSecondAdmin(page);
    // The choice a staff member made earlier with the warning's checkbox.
    await page.evaluate(
      (key) => localStorage.setItem(key, "true"),
      STORAGE_KEYS.dontShowAgain(userId, "submit_and_resolve_warning"),
    );
    await page.goto("/admin/settings/preference-settings");
    const reset = page.getByTestId("dont-show-again");
    await expect(reset).toContainText("You chose not to see the warning");
    await page.getByTestId("dont-show-again-clear").click();
    await expect(reset).toContainText("The resolve and close warnings will show again.");
    expect(
      await page.evaluate(
        (key) => localStorage.getItem(key),
        STORAGE_KEYS.dontShowAgain(userId, "submit_and_resolve_warning"),
      ),
    ).toBeNull();

    // An open ticket: Send and resolve asks again (and Cancel sends nothing).
    let ticket: FetchStaffTicketResponse["ticket"] | undefined;
    for (let id = 1; id <= 60 && !ticket; id++) {
      const found = await post<FetchStaffTicketResponse>(page, "/api/tickets/fetch-ticket", { ticket_id: id }).catch(
        () => null,
      );
      if (found && ["WAITING DEV", "REPLIED", "NEW TICKET"].includes(found.ticket.status)) ticket = found.ticket;
    }
    expect(ticket).toBeDefined();
    const info = encodeTicketInfo({ ticketId: ticket!.id, email: ticket!.email, ticketNumber: ticket!.createdAt });
    await page.goto(`/admin/${info}/edit`);
    await page.getByTestId("staff-reply-input").fill("Checking the warning");
    await page.getByTestId("staff-send-resolve").click();
    const warning = page.getByRole("dialog", { name: "Submit and resolve" });
    await expect(warning).toBeVisible();
    await warning.getByRole("button", { name: "Cancel" }).click();
    await expect(warning).toBeHidden();
    await expect(page.getByTestId("staff-reply-input")).toHaveValue("Checking the warning");
  });
});

test.describe("developer page", () => {
  test.use({ storageState: storageStatePath("dev") });

  test("a developer adds, marks and deletes a to-do; blank content is ignored", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await page.getByTestId("sidebar-developer").click();
    await page.waitForURL("**/admin/developer");
    const board = page.getByTestId("todo-board");
    await expect(board).toBeVisible();
    // Only one account sees Switch, and the dev is not it.
    await expect(page.getByTestId("developer-switch")).toHaveCount(0);

    const content = page.getByTestId("todo-content");
    await content.fill("   ");
    await content.press("Enter");
    const active = page.getByTestId("todo-list-active");
    const done = page.getByTestId("todo-list-done");
    const text = `Rotate the logs ${Date.now()}`;
    await page.getByTestId("todo-field").fill("ops");
    await content.fill(text);
    await content.press("Enter");
    const item = page.getByTestId("todo-item").filter({ hasText: text });
    await expect(active.getByTestId("todo-item").filter({ hasText: text })).toBeVisible();
    await expect(content).toHaveValue("");
    await expect(item).toContainText("ops");

    await item.getByTestId("todo-toggle").click();
    await expect(done.getByTestId("todo-item").filter({ hasText: text })).toBeVisible();
    await expect(active.getByTestId("todo-item").filter({ hasText: text })).toHaveCount(0);

    await item.getByTestId("todo-delete").click();
    await expect(page.getByTestId("todo-item").filter({ hasText: text })).toHaveCount(0);
    await page.reload();
    await expect(board).toBeVisible();
    await expect(page.getByTestId("todo-item").filter({ hasText: text })).toHaveCount(0);
  });

  test("the configured account switches the page between the board and the dashboard", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    try {
      await signInAsSecondAdmin(page, "/admin/developer");
      await expect(page.getByTestId("todo-board")).toBeVisible();
      // The dashboard's blocks are tested in dashboard.spec.ts; the view holds them whatever they show.
      await page.getByTestId("developer-switch").click();
      await expect(page.getByTestId("developer-dashboard")).toHaveCount(1);
      await expect(page.getByTestId("todo-board")).toHaveCount(0);
      await expect(page.getByText("Statistics and changelog.")).toBeVisible();
      await page.reload();
      await expect(page.getByTestId("developer-dashboard")).toHaveCount(1);
      await page.getByTestId("developer-switch").click();
      await expect(page.getByTestId("todo-board")).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
