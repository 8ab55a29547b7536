/** "Log out everywhere" in the profile menu ends the user's sessions on every device. */
import { expect, request, test } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { CSRF_COOKIE, CSRF_HEADER } from "../common/constants.ts";
import { ACCOUNTS, BASE_URL } from "./support/env.ts";
import { openSignedIn } from "./support/staffApi.ts";

/** Another device of the same player: its own session, signed in through the API. */
async function signInElsewhere(account: keyof typeof ACCOUNTS) {
  const context = await request.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  await context.get("/api/config/public");
  const challenge = await (await context.get("/api/captcha/challenge")).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captchaToken = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString("base64");
  const csrf = (await context.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? "";
  const { email, password } = ACCOUNTS[account];
  const login = await context.post("/auth/login", {
    data: { username: email, password, captchaToken },
    headers: { [CSRF_HEADER]: csrf },
  });
  expect(login.status()).toBe(200);
  return context;
}

test("log out everywhere asks first, then ends this and every other session of the user", async ({ page }) => {
  test.setTimeout(120_000);
  const elsewhere = await signInElsewhere("player3");
  try {
    await openSignedIn(page, "player3", "/member/home");

    // Cancelling the confirmation changes nothing.
    await page.getByTestId("profile-menu").click();
    await page.getByTestId("logout-everywhere").click();
    await page.getByTestId("confirm-action-cancel").click();
    await expect(page.getByTestId("confirm-action-cancel")).toBeHidden();
    expect((await page.request.get("/auth/pulse-check")).status()).toBe(200);
    expect((await elsewhere.get("/auth/pulse-check")).status()).toBe(200);

    await page.getByTestId("profile-menu").click();
    await page.getByTestId("logout-everywhere").click();
    const answer = page.waitForResponse((response) => response.url().endsWith("/auth/logout-everywhere"));
    await page.getByTestId("confirm-action-confirm").click();
    expect((await answer).status()).toBe(200);
    // The logout that follows and the socket, refused once the session is gone, may both load /login:
    // wait for where the page ends up, not for one navigation that the other can abort.
    await expect(page).toHaveURL(/\/login$/);

    // This browser and the other device are both signed out on the server.
    expect((await page.request.get("/auth/pulse-check")).status()).toBe(401);
    expect((await elsewhere.get("/auth/pulse-check")).status()).toBe(401);
    await page.goto("/member/home");
    await expect(page).toHaveURL(/\/home$/);
  } finally {
    await elsewhere.dispose();
  }
});
