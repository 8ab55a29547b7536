/**
 * Texts that show a count get it from the client and pick the
 * language's plural form, and the WAITING DEV badge shows its whole text in the languages whose
 * wording used to run longest (that check is in web/locales.test.ts).
 */
import { type Browser, expect, type Page, request, test } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { CSRF_COOKIE, CSRF_HEADER, LIMITS } from "../common/constants.ts";
import { ACCOUNTS, type AccountName, BASE_URL } from "./support/env.ts";

/**
 * A page signed in as the account through the API, the ALTCHA challenge solved in Node as
 * staffApi.ts does: this spec's own session, whose language it may change freely.
 */
async function signedInPage(browser: Browser, account: AccountName): Promise<Page> {
  const api = await request.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  await api.get("/api/config/public");
  const challenge = await (await api.get("/api/captcha/challenge")).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captchaToken = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString("base64");
  const { cookies } = await api.storageState();
  const csrf = cookies.find((c) => c.name === CSRF_COOKIE || c.name === `__Host-${CSRF_COOKIE}`)?.value ?? "";
  const { email, password } = ACCOUNTS[account];
  const answer = await api.post("/auth/login", {
    data: { username: email, password, captchaToken },
    headers: { [CSRF_HEADER]: csrf },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const state = await api.storageState();
  await api.dispose();
  const context = await browser.newContext({ storageState: state });
  return context.newPage();
}

/** Picks the language in the header's picker, as a person does (it is saved for the account). */
async function switchLanguage(page: Page, language: string): Promise<void> {
  await page.getByTestId("language-picker").click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

test.describe("a player", () => {
  test("the file past the limit is refused with the limit in the language's plural form", async ({ browser }) => {
    const page = await signedInPage(browser, "player");
    await page.goto("/member/create-ticket");
    const files = Array.from({ length: LIMITS.attachments + 1 }, (_, i) => ({
      name: `shot-${i}.txt`,
      mimeType: "text/plain",
      buffer: Buffer.from(`file ${i}`),
    }));
    // The sixth file alone is refused, by name, with the limit in the plural form
    // of the language: the name sits in bidi isolates, so the sentence is matched apart from it.
    for (const [language, expected] of [
      ["en", `at most ${LIMITS.attachments} files can be attached.`],
      // Russian: 5 takes the genitive plural (_many), which a single English-shaped text gets wrong.
      ["ru", `можно прикрепить не больше ${LIMITS.attachments} файлов.`],
      // Arabic: 3 to 10 take the plural of paucity (_few).
      ["ar", `فلا يمكن إرفاق أكثر من ${LIMITS.attachments} ملفات.`],
    ] as const) {
      await switchLanguage(page, language);
      await page.reload(); // an empty selection; the language is the account's now
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await page.locator('input[type="file"]').setInputFiles(files);
      const refused = page.getByTestId("attachment-refused");
      await expect(refused).toContainText(expected);
      await expect(refused).toContainText(`shot-${LIMITS.attachments}.txt`);
      await expect(page.getByTestId("attachment-list").locator(".mantine-Pill-root")).toHaveCount(LIMITS.attachments);
    }
    // Back to English, so that later sign-ins of this account start in English.
    await switchLanguage(page, "en");
    await page.context().close();
  });
});
