import type { AppContext } from "../context.ts";
import { deleteSession, type SessionRow } from "../repositories/sessions.ts";

/** Ends this browser's session and closes its sockets; harmless without a session. */
export async function signOut(ctx: AppContext, session: SessionRow | null): Promise<void> {
  if (!session) return;
  await deleteSession(ctx.store.db, session.id);
  ctx.realtime.endSessions([session.id]);
}
