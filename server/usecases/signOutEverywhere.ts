import type { AppContext } from "../context.ts";
import { deleteUserSessions } from "../repositories/sessions.ts";

/** Ends every session of a user on every device, this one included, and closes their sockets. */
export async function signOutEverywhere(ctx: AppContext, userId: number): Promise<number> {
  const ended = await deleteUserSessions(ctx.store.db, userId);
  ctx.realtime.endSessions(ended);
  return ended.length;
}
