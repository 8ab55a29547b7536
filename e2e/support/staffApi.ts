/**
 * A staff member acting through the HTTP API from Node, as another browser would: it solves the
 * ALTCHA challenge like the widget does, keeps its cookies, and echoes the rotating CSRF cookie
 * in X-CSRF-Token on every state-changing call.
 */
import { type APIRequestContext, type BrowserContext, type Page, request } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { CSRF_COOKIE, CSRF_HEADER } from "../../common/constants.ts";
import { ACCOUNTS, type AccountName, BASE_URL } from "./env.ts";

export interface StaffApi {
  post<T = Record<string, unknown>>(path: string, body: Record<string, string | number>): Promise<T>;
  dispose(): Promise<void>;
}

/** The CSRF cookie's current value in `context`, to echo in X-CSRF-Token. */
export async function csrf(context: APIRequestContext): Promise<string> {
  const { cookies } = await context.storageState();
  return cookies.find((c) => c.name === CSRF_COOKIE || c.name === `__Host-${CSRF_COOKIE}`)?.value ?? "";
}

/** A solved bot check for a call made through `context` (the widget's payload, solved in Node). */
export async function solveCaptcha(context: APIRequestContext): Promise<string> {
  const challenge = await (await context.get("/api/captcha/challenge")).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/**
 * Signs a browser context in through the API (its pages share its cookies), for tests whose
 * subject is not the sign-in page: e2e/auth.spec.ts and the setup project go through that page.
 */
export async function signInContext(context: BrowserContext, email: string, password: string): Promise<void> {
  const api = context.request;
  // The first GET hands out the CSRF cookie, as a page load does.
  await api.get("/api/config/public");
  const login = await api.post("/auth/login", {
    data: { username: email, password, captchaToken: await solveCaptcha(api) },
    headers: { [CSRF_HEADER]: await csrf(api) },
  });
  if (!login.ok()) throw new Error(`/auth/login answered ${login.status()}: ${await login.text()}`);
}

/** Signs the page's browser context in as `account` through the API, then opens `path`. */
export async function openSignedIn(page: Page, account: AccountName, path: string): Promise<void> {
  const { email, password } = ACCOUNTS[account];
  await signInContext(page.context(), email, password);
  await page.goto(path);
}

export async function signInThroughApi(account: AccountName): Promise<StaffApi> {
  // An empty state: inside a test the runner would otherwise lend this context the test's cookies.
  const context = await request.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  const post = async <T>(path: string, body: Record<string, string | number>): Promise<T> => {
    const response = await context.post(path, { data: body, headers: { [CSRF_HEADER]: await csrf(context) } });
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  // The first GET hands out the CSRF cookie, as a page load does.
  await context.get("/api/config/public");
  const { email, password } = ACCOUNTS[account];
  await post("/auth/login", { username: email, password, captchaToken: await solveCaptcha(context) });
  return { post, dispose: () => context.dispose() };
}
