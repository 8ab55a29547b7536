/** Opens a new server-side session for a user (sign-in or temporary ticket access). */
import { sessionLimits } from "../auth/sessionPolicy.ts";
import { nowSeconds, randomToken, sha256 } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { deleteSession, insertSession, type SessionRow } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";

/** Where a request comes from, as the transport saw it. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

/** The caller's live session and user, when there is one. */
export interface CurrentSession {
  session: SessionRow | null;
  user: UserRow | null;
}

/** A session just opened: the route turns `token` into the session cookie for `maxAgeSeconds`. */
export interface StartedSession {
  session: SessionRow;
  token: string;
  maxAgeSeconds: number;
}

export interface StartSessionInput {
  user: UserRow;
  kind: "user" | "temp";
  ticketId?: number | null;
  origin: RequestOrigin;
  /** The session this browser had before; it is ended, never promoted. */
  previous: SessionRow | null;
}

export async function startSession(ctx: AppContext, input: StartSessionInput): Promise<StartedSession> {
  // Rotation: a session id that existed before sign-in never becomes the signed-in one.
  if (input.previous) {
    await deleteSession(ctx.store.db, input.previous.id);
    ctx.realtime.endSessions([input.previous.id]);
  }
  const token = randomToken(32);
  const now = nowSeconds();
  const limits = sessionLimits(input.user, input.kind);
  const session: SessionRow = {
    id: sha256(token),
    user_id: input.user.id,
    kind: input.kind,
    ticket_id: input.ticketId ?? null,
    created_at: now,
    last_seen_at: now,
    expires_at: now + limits.absoluteSeconds,
    ip: input.origin.ip.slice(0, 64),
    user_agent: input.origin.userAgent.slice(0, 300),
  };
  await insertSession(ctx.store.db, session);
  return { session, token, maxAgeSeconds: limits.absoluteSeconds };
}
