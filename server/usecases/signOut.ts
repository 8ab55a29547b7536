import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { clearSessionCookies } from "../http/session.ts";
import { deleteSession } from "../repositories/sessions.ts";

/** Ends this browser's session and closes its sockets; harmless without a session. */
export async function signOut(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) {
    await deleteSession(ctx.store.db, request.session.id);
    ctx.realtime.endSessions([request.session.id]);
  }
  clearSessionCookies(ctx, reply);
}
