/** Calls the API from inside a signed-in page, as the web client makes them. */
import type { Page } from "@playwright/test";
import { CSRF_COOKIE, CSRF_HEADER } from "../../common/constants.ts";

/**
 * A call with the page's cookies and its CSRF header, answered with the JSON body; any status but
 * 200 throws with the answer, so a refused setup step fails the test where it happened.
 */
export async function pageCall<T>(page: Page, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body, cookie, header }) => {
      const csrf = document.cookie
        .split(";")
        .map((part) => part.trim().split("="))
        .find(([key]) => key === cookie || key === `__Host-${cookie}`)?.[1];
      const response = await fetch(path, {
        method,
        credentials: "include",
        headers: { "content-type": "application/json", [header]: decodeURIComponent(csrf ?? "") },
        body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, path, body, cookie: CSRF_COOKIE, header: CSRF_HEADER },
  );
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json as T;
}
