/**
 * Background sweeps, idempotent and safe when several nodes run them at once: each is one SQL
 * statement, and only the node that deleted a row acts on it.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { deleteExpiredSessions } from "../repositories/sessions.ts";

const EVERY_MS = 60_000;

export async function runSweeps(ctx: AppContext, now = nowSeconds()): Promise<void> {
  ctx.realtime.endSessions(await deleteExpiredSessions(ctx.store.db, now));
  await ctx.captcha.sweep(now);
}

export function startSweeps(ctx: AppContext): () => void {
  const timer = setInterval(() => {
    runSweeps(ctx).catch((error) => console.error("sweep failed", error));
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
