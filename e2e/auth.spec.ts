/** Sign-in, sign-out and the set-password page (spec/1-product-frame.md §2, §4, §5, §8). */
import { expect, test } from "@playwright/test";
import { ACCOUNTS, BASE_URL, INTEGRATION_API_KEY } from "./support/env.ts";
import { fillSignInForm, signIn, signInButton } from "./support/signIn.ts";

test("staff sign-in lands on /admin/dashboard", async ({ page }) => {
  await signIn(page, "mod", "**/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // The mod may have unread notifications: the title then starts with "[n] " (spec/2-staff-ticket-work.md §7).
  await expect(page).toHaveTitle(/^(\[\d+\] )?Dashboard - Game Support$/);
  await expect(page.getByTestId("breadcrumbs")).toHaveText(/Home.*Dashboard/);
});

test("member sign-in lands on /member/home", async ({ page }) => {
  await signIn(page, "player2", "**/member/home");
  // The demo's player2 saved Turkish: the pages open in the member's own language.
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  await expect(page.getByRole("link", { name: "Talep oluştur" }).first()).toHaveAttribute(
    "href",
    "/member/create-ticket",
  );
});

test("wrong password shows the server's message and resets the widget", async ({ page }) => {
  await fillSignInForm(page, ACCOUNTS.player3.email, "Wrong!Passw0rd");
  const answer = page.waitForResponse((response) => response.url().endsWith("/auth/login"));
  await signInButton(page).click();
  const response = await answer;
  expect(response.status()).toBe(401);
  const { detail } = (await response.json()) as { detail: string };
  await expect(page.getByTestId("login-error")).toHaveText(detail);
  await expect(page.locator("altcha-widget .altcha[data-state=unverified]")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("sign-in checks the e-mail format before calling the server", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "E-mail" }).fill("not-an-email");
  await page.getByRole("textbox", { name: "Password" }).fill("x");
  await signInButton(page).click();
  await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
});

test("logout clears the session and goes to /login", async ({ page }) => {
  await signIn(page, "player3", "**/member/home");
  await page.getByTestId("profile-menu").click();
  // By test id: the demo player's saved language need not be English.
  await page.getByTestId("logout").click();
  await page.waitForURL("**/login");
  await page.goto("/member/home");
  await expect(page).toHaveURL(/\/home$/);
});

test.describe("set-password page", () => {
  test("an invalid token shows the message", async ({ page }) => {
    await page.goto("/setup-password/not-a-real-token");
    await expect(page.getByTestId("token-invalid")).toHaveText("This link is invalid or has expired.");
  });

  // The game creates a member without a password and gets a set-up token (the integration API);
  // the new player then sets a password on this page and signs in with it.
  test("checklist, mismatch, success with a real token, then sign-in with the new password", async ({ page }) => {
    const email = `newplayer${Date.now()}@demo.test`;
    const created = await fetch(`${BASE_URL}/api/integration/upsert-member`, {
      method: "POST",
      headers: { authorization: `Bearer ${INTEGRATION_API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({
        email,
        name: "Newcomer",
        characters: [{ characterName: "Nova", characterLevel: 3, server: "Europe 1" }],
      }),
    });
    expect(created.status).toBe(200);
    const { password_token: token } = (await created.json()) as { password_token: string };
    await page.goto(`/setup-password/${token}`);
    const submit = page.getByRole("button", { name: "Set password" });
    const checklist = page.getByTestId("password-checklist");
    await expect(submit).toBeDisabled();

    await page.getByRole("textbox", { name: "New password" }).fill("abc");
    await expect(page.getByText("Please enter a valid password.")).toBeVisible();
    await expect(checklist.locator("[data-rule=lowercase]")).toHaveAttribute("data-met", "true");
    await expect(checklist.locator("[data-rule=uppercase]")).toHaveAttribute("data-met", "false");

    await page.getByRole("textbox", { name: "New password" }).fill("Abcdef1!");
    await expect(checklist.locator("[data-met=false]")).toHaveCount(0);
    await page.getByRole("textbox", { name: "Confirm password" }).fill("Abcdef1?");
    await expect(page.getByText("Passwords do not match.")).toBeVisible();
    await expect(submit).toBeDisabled();

    await page.getByRole("textbox", { name: "Confirm password" }).fill("Abcdef1!");
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByTestId("password-set")).toHaveText("Your password has been set successfully.");
    await expect(page.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");

    // The token is used up, and the new password works.
    await page.goto(`/setup-password/${token}`);
    await expect(page.getByTestId("token-invalid")).toBeVisible();
    await fillSignInForm(page, email, "Abcdef1!");
    await signInButton(page).click();
    await page.waitForURL("**/member/home");
  });
});
