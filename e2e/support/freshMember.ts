/**
 * A member of a test's own, created through the game's member API: no other spec signs in as them
 * or files tickets for them, so a test that files is never refused at the filing limit (three
 * tickets in ten minutes) by what earlier specs filed as the demo's player1.
 */
import { type Browser, type BrowserContext, type BrowserContextOptions, expect } from "@playwright/test";
import { CSRF_HEADER } from "../../common/constants.ts";
import { BASE_URL, DEMO_PASSWORD, INTEGRATION_API_KEY } from "./env.ts";
import { csrf as csrfOf, solveCaptcha } from "./staffApi.ts";

export interface FreshMember {
  email: string;
  /** A browser context signed in as the member (its cookies are its pages' too). */
  context: BrowserContext;
  /** The CSRF token of that context, for calls made through `context.request`. */
  csrf(): Promise<string>;
  /** A solved bot check (solved in Node: far faster than the widget on a loaded machine). */
  captcha(): Promise<string>;
  /**
   * Files a ticket as the member through the API, for the member's character on their server,
   * in "Report bugs" unless told otherwise (the form itself is e2e/tickets.spec.ts's subject).
   */
  fileTicket(subject: string, options?: { description?: string; category?: string }): Promise<FiledTicket>;
}

export interface FiledTicket {
  id: number;
  /** The ticket number players see. */
  createdAt: number;
  /** The player's page of it: /member/ticket/{fetch_code}. */
  fetchCode: string;
}

/** Creates a member with one character on `server`, signed in through the API of a new context. */
export async function freshMember(
  browser: Browser,
  {
    name,
    character,
    server = "Europe 1",
    contextOptions = {},
  }: { name: string; character: string; server?: string; contextOptions?: BrowserContextOptions },
): Promise<FreshMember> {
  const email = `${name.toLowerCase()}${Date.now()}${Math.floor(Math.random() * 1000)}@demo.test`;
  const created = await fetch(`${BASE_URL}/api/integration/upsert-member`, {
    method: "POST",
    headers: { authorization: `Bearer ${INTEGRATION_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      email,
      name,
      language: "en",
      password: DEMO_PASSWORD,
      characters: [{ characterName: character, characterLevel: 20, server }],
    }),
  });
  expect(created.status).toBe(200);
  const context = await browser.newContext({ ...contextOptions, storageState: { cookies: [], origins: [] } });
  const api = context.request;
  const csrf = () => csrfOf(api);
  const captcha = () => solveCaptcha(api);
  await api.get("/api/config/public");
  const login = await api.post("/auth/login", {
    data: { username: email, password: DEMO_PASSWORD, captchaToken: await captcha() },
    headers: { [CSRF_HEADER]: await csrf() },
  });
  expect(login.status()).toBe(200);
  const fileTicket = async (
    subject: string,
    { description = "Filed for an end-to-end test.", category = "Report bugs" } = {},
  ): Promise<FiledTicket> => {
    const list = async (path: string, key: string) =>
      (await (await api.get(path)).json())[key] as { id: number; title: string }[];
    const categoryId = (await list("/api/setup/fetch-categories", "categories")).find((c) => c.title === category)?.id;
    const serverId = (await list("/api/setup/fetch-servers", "servers")).find((s) => s.title === server)?.id;
    if (categoryId === undefined || serverId === undefined)
      throw new Error(`no category ${category} or server ${server}`);
    const filed = await api.post("/api/tickets/submit-member-ticket", {
      data: {
        category: categoryId,
        server: serverId,
        characterName: character,
        subject,
        description,
        captchaToken: await captcha(),
      },
      headers: { [CSRF_HEADER]: await csrf() },
    });
    expect(filed.status(), await filed.text()).toBe(200);
    const { ticket } = (await filed.json()) as { ticket: { id: number; createdAt: number; fetch_code: string } };
    return { id: ticket.id, createdAt: ticket.createdAt, fetchCode: ticket.fetch_code };
  };
  return { email, context, csrf, captcha, fileTicket };
}
