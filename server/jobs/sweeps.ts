/**
 * Background sweeps, idempotent and safe when several nodes run them at once: each claims its rows
 * with one guarded SQL statement, and only the node whose statement changed a row acts on it
 * (writes its messages, removes its files, publishes its events).
 */
import type { FastifyBaseLogger } from "fastify";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { BanLogRow, ChatMessageRow, TicketRow } from "../db/schema.ts";
import {
  clearEndedUserBans,
  expireBanLogs,
  insertBanMessage,
  setTicketsBanned,
  tempIdentityIds,
} from "../repositories/bans.ts";
import { deleteExpiredSessions } from "../repositories/sessions.ts";
import {
  claimTicketsToClean,
  closeIdleRepliedTickets,
  forgetTicketFiles,
  insertAutoCloseMessages,
} from "../repositories/ticketSweeps.ts";
import { findTicket } from "../repositories/tickets.ts";
import { deleteOrphanUploads } from "../repositories/uploads.ts";

/** Uploads never attached to a ticket within UPLOAD_ORPHAN_MINUTES: rows, then their files. */
export async function sweepOrphanUploads(ctx: AppContext, now = nowSeconds()): Promise<string[]> {
  const before = now - ctx.config.uploadOrphanMinutes * 60;
  const names = await deleteOrphanUploads(ctx.store.db, before);
  await ctx.uploads.remove(names);
  // Files a crashed node was still receiving have no row; they go after the same time.
  await ctx.uploads.removeStaleIncoming(before * 1000);
  return names;
}

/** Tickets waiting on the player (REPLIED) with no change for AUTO_CLOSE_HOURS close, by 'AUTO'. */
export async function sweepAutoClose(ctx: AppContext, now = nowSeconds()): Promise<TicketRow[]> {
  // Whole seconds: fractions of an hour give fractions of a second, and the columns are integers.
  const before = Math.floor(now - ctx.config.autoCloseHours * 3600);
  const { closed, messages } = await ctx.store.db.transaction().execute(async (trx) => {
    const closed = await closeIdleRepliedTickets(trx, before, now);
    return { closed, messages: await insertAutoCloseMessages(trx, closed, now) };
  });
  const byTicket = new Map(messages.map((m) => [m.ticket_id, m]));
  for (const ticket of closed) {
    const message = byTicket.get(ticket.id);
    if (message) ctx.events.publish("message.created", { ticket, message });
    ctx.events.publish("ticket.updated", { ticket });
  }
  return closed;
}

/**
 * Ended tickets' files after ATTACHMENT_RETENTION_DAYS, unless retained: the ticket is marked
 * clean, the names become 'DELETED', then the files leave the disk.
 */
export async function sweepAttachments(ctx: AppContext, now = nowSeconds()): Promise<TicketRow[]> {
  const before = Math.floor(now - ctx.config.attachmentRetentionDays * 86_400);
  const { cleaned, names } = await ctx.store.db.transaction().execute(async (trx) => {
    const claimed = await claimTicketsToClean(trx, before);
    const names: string[] = [];
    const cleaned: TicketRow[] = [];
    for (const ticket of claimed) {
      names.push(...(await forgetTicketFiles(trx, ticket)));
      cleaned.push((await findTicket(trx, ticket.id)) ?? ticket);
    }
    return { cleaned, names };
  });
  await ctx.uploads.remove(names);
  for (const ticket of cleaned) ctx.events.publish("ticket.updated", { ticket });
  return cleaned;
}

/**
 * Bans whose time has come end: the log is marked lifted (no lifter), the players' and tickets'
 * flags are cleared, and the ban's ticket gets an 'auto_unbanned' ban message.
 */
export async function sweepBanExpiry(ctx: AppContext, now = nowSeconds()): Promise<BanLogRow[]> {
  const { ended, messages, tickets } = await ctx.store.db.transaction().execute(async (trx) => {
    const ended = await expireBanLogs(trx, now);
    const messages: { ticket: TicketRow; message: ChatMessageRow }[] = [];
    const tickets: TicketRow[] = [];
    for (const log of ended) {
      const ids = log.user_id === null ? (await tempIdentityIds(trx, log.email)).map((r) => r.id) : [log.user_id];
      const cleared = await clearEndedUserBans(trx, ids, now);
      tickets.push(...(await setTicketsBanned(trx, cleared, false)));
      if (log.ticket_id === null) continue;
      const message = await insertBanMessage(trx, log.ticket_id, {
        banned: false,
        message: "auto_unbanned",
        sender: null,
        now,
      });
      const ticket = tickets.find((t) => t.id === log.ticket_id) ?? (await findTicket(trx, log.ticket_id));
      if (ticket) messages.push({ ticket, message });
    }
    return { ended, messages, tickets };
  });
  for (const event of messages) ctx.events.publish("message.created", event);
  for (const ticket of tickets) ctx.events.publish("ticket.updated", { ticket });
  return ended;
}

export async function runSweeps(ctx: AppContext, now = nowSeconds()): Promise<void> {
  ctx.realtime.endSessions(await deleteExpiredSessions(ctx.store.db, now));
  await ctx.captcha.sweep(now);
  await sweepOrphanUploads(ctx, now);
  await sweepAutoClose(ctx, now);
  await sweepAttachments(ctx, now);
  await sweepBanExpiry(ctx, now);
}

/** Runs the sweeps every SWEEP_INTERVAL_SECONDS; a run still going when the next is due is not doubled. */
export function startSweeps(ctx: AppContext, log: Pick<FastifyBaseLogger, "error">): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runSweeps(ctx)
      .catch((error: unknown) => log.error({ err: error }, "sweep failed"))
      .finally(() => {
        running = false;
      });
  }, ctx.config.sweepIntervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
