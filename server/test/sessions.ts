/**
 * Signed-in clients without the sign-in call: a session row is written as startSession writes
 * it, and the client gets the cookie and a CSRF token bound to it. For suites that test what a
 * session may do (the authorization matrix, the fuzz test) rather than how it is opened; they
 * open hundreds of sessions, and sign-in's argon2 and throttle would only slow them down.
 */
import { CSRF_COOKIE } from "../../common/constants.ts";
import { sessionLimits } from "../auth/sessionPolicy.ts";
import { nowSeconds, randomToken, sha256 } from "../auth/tokens.ts";
import type { InsertedUser } from "../seed/users.ts";
import type { TestClient, TestServer } from "./server.ts";

export async function openSession(
  server: Pick<TestServer, "store">,
  client: TestClient,
  user: Pick<InsertedUser, "id" | "class">,
  kind: "user" | "temp" = "user",
  ticketId: number | null = null,
): Promise<TestClient> {
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
