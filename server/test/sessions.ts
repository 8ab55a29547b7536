/**
 * Signed-in clients without the sign-in call: a session row is written as startSession writes
 * it, and the client gets the cookie and a CSRF token bound to it. For suites that test what a
 * session may do (the authorization matrix, the fuzz test) rather than how it is opened; they
 * open hundreds of sessions, and sign-in's argon2 and throttle would only slow them down.
 */

import type { Kysely } from "kysely";
import { CSRF_COOKIE } from "../../common/constants.ts";
import { sessionLimits } from "../auth/sessionPolicy.ts";
import { nowSeconds, randomToken, sha256 } from "../auth/tokens.ts";
import type { Database } from "../db/schema.ts";
import type { InsertedUser } from "../seed/users.ts";

/** What this needs of a test client (server.ts): its cookie jar, and a GET. */
interface CookieClient {
  cookies: Map<string, string>;
  get(path: string): Promise<unknown>;
}

export async function openSession<C extends CookieClient>(
  server: { store: { db: Kysely<Database> } },
  client: C,
  user: Pick<InsertedUser, "id" | "class">,
  kind: "user" | "temp" = "user",
  ticketId: number | null = null,
): Promise<C> {
  const token = randomToken(32);
  const now = nowSeconds();
  await server.store.db
    .insertInto("sessions")
    .values({
      id: sha256(token),
      user_id: user.id,
      kind,
      ticket_id: kind === "temp" ? ticketId : null,
      created_at: now,
      last_seen_at: now,
      expires_at: now + sessionLimits(user, kind).absoluteSeconds,
    })
    .execute();
  client.cookies.set("hd_session", token);
  client.cookies.delete(CSRF_COOKIE);
  // One call hands the client its CSRF cookie bound to the new session.
  await client.get("/auth/pulse-check");
  return client;
}

/**
 * Gives a client a temporary session bound to one ticket, as search-ticket-temporary does, for
 * suites that test what such a session may do rather than how it is opened.
 */
export async function openTemporarySession(
  server: { store: { db: Kysely<Database> } },
  client: CookieClient,
  userId: number,
  ticketId: number,
): Promise<void> {
  await openSession(server, client, { id: userId, class: "user" }, "temp", ticketId);
}
