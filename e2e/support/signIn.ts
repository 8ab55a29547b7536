/** Signs in through the real sign-in page, solving the ALTCHA widget as a person would. */
import { expect, type Page } from "@playwright/test";
import { ACCOUNTS, type AccountName } from "./env.ts";

export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.locator("altcha-widget");
  await expect(widget.locator(".altcha[data-state=unverified]")).toBeVisible();
  await widget.locator("input[type=checkbox]").click();
  // Proof of work runs in the browser: quick at the e2e servers' small CAPTCHA_MAX_COUNTER.
  await expect(widget.locator(".altcha[data-state=verified]")).toBeVisible({ timeout: 30_000 });
}

export async function fillSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await solveCaptcha(page);
}

export function signInButton(page: Page) {
  return page.locator("form").getByRole("button", { name: "Sign in" });
}

/** Signs in and waits for the full-page redirect that follows. */
export async function signIn(page: Page, account: AccountName, landing: string | RegExp): Promise<void> {
  const { email, password } = ACCOUNTS[account];
  await fillSignInForm(page, email, password);
  await signInButton(page).click();
  await page.waitForURL(landing);
}
