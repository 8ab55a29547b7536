/** Opens a new server-side session for a user (sign-in or temporary ticket access). */
import type { FastifyReply, FastifyRequest } from "fastify";
import { sessionLimits } from "../auth/sessionPolicy.ts";
import { nowSeconds, randomToken, sha256 } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { setSessionCookies } from "../http/session.ts";
import { deleteSession, insertSession, type SessionRow } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";

export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  kind: "user" | "temp",
  ticketId: number | null = null,
): Promise<SessionRow> {
  // Rotation: a session id that existed before sign-in never becomes the signed-in one.
  if (request.session) {
    await deleteSession(ctx.store.db, request.session.id);
    ctx.realtime.endSessions([request.session.id]);
  }
  const token = randomToken(32);
  const now = nowSeconds();
  const limits = sessionLimits(user, kind);
  const session: SessionRow = {
    id: sha256(token),
    user_id: user.id,
    kind,
    ticket_id: ticketId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + limits.absoluteSeconds,
    ip: request.ip.slice(0, 64),
    user_agent: (request.headers["user-agent"] ?? "").slice(0, 300),
  };
  await insertSession(ctx.store.db, session);
  setSessionCookies(ctx, reply, token, `session:${session.id}`, limits.absoluteSeconds);
  return session;
}
