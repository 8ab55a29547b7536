/**
 * Background sweeps, idempotent and safe when several nodes run them at once: each is one SQL
 * statement, and only the node that deleted a row acts on it.
 */
import type { FastifyBaseLogger } from "fastify";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { deleteExpiredSessions } from "../repositories/sessions.ts";
import { deleteOrphanUploads } from "../repositories/uploads.ts";

const EVERY_MS = 60_000;

/** Uploads never attached to a ticket within UPLOAD_ORPHAN_MINUTES: rows, then their files. */
export async function sweepOrphanUploads(ctx: AppContext, now = nowSeconds()): Promise<string[]> {
  const before = now - ctx.config.uploadOrphanMinutes * 60;
  const names = await deleteOrphanUploads(ctx.store.db, before);
  await ctx.uploads.remove(names);
  // Files a crashed node was still receiving have no row; they go after the same time.
  await ctx.uploads.removeStaleIncoming(before * 1000);
  return names;
}

export async function runSweeps(ctx: AppContext, now = nowSeconds()): Promise<void> {
  ctx.realtime.endSessions(await deleteExpiredSessions(ctx.store.db, now));
  await ctx.captcha.sweep(now);
  await sweepOrphanUploads(ctx, now);
}

export function startSweeps(ctx: AppContext, log: Pick<FastifyBaseLogger, "error">): () => void {
  const timer = setInterval(() => {
    runSweeps(ctx).catch((error: unknown) => log.error({ err: error }, "sweep failed"));
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
