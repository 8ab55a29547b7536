/**
 * Background sweeps, idempotent and safe when several nodes run them at once: each claims its rows
 * with one guarded SQL statement, and only the node whose statement changed a row acts on it
 * (writes its messages, removes its files, publishes its events).
 */
import type { FastifyBaseLogger } from "fastify";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { BanLogRow, ChatMessageRow, TicketRow } from "../db/schema.ts";
import type { ChatListTicket } from "../events.ts";
import { addActiveChats } from "../repositories/activeChats.ts";
import {
  clearEndedUserBans,
  expireBanLogs,
  insertBanMessage,
  setTicketsBanned,
  tempIdentityIds,
} from "../repositories/bans.ts";
import { insertNotification, type NotificationRow } from "../repositories/notifications.ts";
import { foldSearchCounters } from "../repositories/searchCounters.ts";
import { deleteExpiredSessions } from "../repositories/sessions.ts";
import { foldTicketCounts } from "../repositories/ticketCounts.ts";
import {
  claimTicketsToClean,
  closeIdleRepliedTickets,
  forgetTicketFiles,
  insertAutoCloseMessages,
  wakeExpiredHolds,
} from "../repositories/ticketSweeps.ts";
import { findTicket } from "../repositories/tickets.ts";
import {
  deleteOrphanUploads,
  dequeueFileDeletions,
  queuedFileDeletions,
  queueFileDeletions,
} from "../repositories/uploads.ts";
import { warmStatistics } from "../usecases/countTicketsOverTime.ts";

/** How many queued files one pass takes off the disk before it reads the queue again. */
const FILE_DELETION_BATCH = 500;

/**
 * Files leave the disk through a queue: the transaction that forgets a file's rows queues its name,
 * and this removes the queued files, then their queue rows. A crash between a commit and the
 * removal leaves the names queued, so the next sweep removes the files; a crash between the
 * removal and the dequeue only repeats a removal (of a file already gone). Answers how many names
 * it took off the queue.
 */
export async function removeQueuedFiles(ctx: AppContext): Promise<number> {
  let removed = 0;
  for (;;) {
    const names = await queuedFileDeletions(ctx.store.db, FILE_DELETION_BATCH);
    if (!names.length) return removed;
    await ctx.uploads.remove(names);
    await dequeueFileDeletions(ctx.store.db, names);
    removed += names.length;
  }
}

/** Uploads never attached to a ticket within UPLOAD_ORPHAN_MINUTES: rows, then their files. */
export async function sweepOrphanUploads(ctx: AppContext, now = nowSeconds()): Promise<string[]> {
  const before = now - ctx.config.uploadOrphanMinutes * 60;
  const names = await ctx.store.db.transaction().execute(async (trx) => {
    const names = await deleteOrphanUploads(trx, before);
    await queueFileDeletions(trx, names, now);
    return names;
  });
  await removeQueuedFiles(ctx);
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
 * Holds whose wake-up time has come go back to staff (the wakeUp transition). The assignee gets
 * one `hold_expired` notification, by no one, and the ticket back in their chat list: all written
 * in the claim's transaction, so only the node whose UPDATE took the ticket writes them.
 */
export async function sweepHoldWakeUps(ctx: AppContext, now = nowSeconds()): Promise<TicketRow[]> {
  const { woken, notifications, followed } = await ctx.store.db.transaction().execute(async (trx) => {
    const woken = await wakeExpiredHolds(trx, now);
    const notifications: { notification: NotificationRow; ticket: TicketRow }[] = [];
    const followed: { userId: number; ticket: ChatListTicket }[] = [];
    for (const ticket of woken) {
      if (ticket.assigned_to === null) continue;
      const userId = ticket.assigned_to;
      notifications.push({
        notification: await insertNotification(trx, { userId, type: "hold_expired", ticket, byUserId: null, now }),
        ticket,
      });
      if ((await addActiveChats(trx, userId, [ticket.id], now)).length)
        followed.push({ userId, ticket: { ...ticket, pinned: 0 } });
    }
    return { woken, notifications, followed };
  });
  for (const ticket of woken) ctx.events.publish("ticket.updated", { ticket });
  for (const { userId, ticket } of followed) ctx.events.publish("chatList.added", { userId, tickets: [ticket] });
  for (const event of notifications) ctx.events.publish("notification.created", event);
  return woken;
}

/**
 * Ended tickets' files after ATTACHMENT_RETENTION_DAYS, unless retained: the ticket is marked
 * clean, the names become 'DELETED' and are queued for removal in one transaction, then the files
 * leave the disk (removeQueuedFiles).
 */
export async function sweepAttachments(ctx: AppContext, now = nowSeconds()): Promise<TicketRow[]> {
  const before = Math.floor(now - ctx.config.attachmentRetentionDays * 86_400);
  const cleaned = await ctx.store.db.transaction().execute(async (trx) => {
    const claimed = await claimTicketsToClean(trx, before);
    const cleaned: TicketRow[] = [];
    for (const ticket of claimed) {
      await queueFileDeletions(trx, await forgetTicketFiles(trx, ticket), now);
      cleaned.push((await findTicket(trx, ticket.id)) ?? ticket);
    }
    return cleaned;
  });
  // Announced before the disk work: what was committed is true whether or not the removal finishes.
  for (const ticket of cleaned) ctx.events.publish("ticket.updated", { ticket });
  await removeQueuedFiles(ctx);
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

/**
 * The ticket counters' deltas (migration 0020) fold into their counts, so that reading a count
 * stays about a hundred rows however many status changes there were. Answers the rows folded.
 */
export async function sweepTicketCounts(ctx: AppContext): Promise<number> {
  return foldTicketCounts(ctx.store.db, ctx.store.engine);
}

/** PostgreSQL's search counters (migrations 0024, 0025) fold likewise; SQLite has none. Answers the rows folded. */
export async function sweepSearchCounters(ctx: AppContext): Promise<number> {
  return ctx.store.engine === "postgres" ? foldSearchCounters(ctx.store.db) : 0;
}

export async function runSweeps(ctx: AppContext, now = nowSeconds()): Promise<void> {
  ctx.realtime.endSessions(await deleteExpiredSessions(ctx.store.db, now));
  await ctx.captcha.sweep(now);
  await sweepOrphanUploads(ctx, now);
  await sweepAutoClose(ctx, now);
  await sweepHoldWakeUps(ctx, now);
  await sweepAttachments(ctx, now);
  await sweepBanExpiry(ctx, now);
  await sweepTicketCounts(ctx);
  await sweepSearchCounters(ctx);
  await warmStatistics(ctx, now);
}

/**
 * Runs the sweeps every SWEEP_INTERVAL_SECONDS; a run still going when the next is due is not
 * doubled. The answer stops the timer and resolves once a run under way has finished, so that a
 * shutting-down node does not close its database under a sweep.
 */
export function startSweeps(ctx: AppContext, log: Pick<FastifyBaseLogger, "error">): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runSweeps(ctx)
      .then(() => {
        ctx.metrics.sweepRuns.inc({ outcome: "ok" });
      })
      .catch((error: unknown) => {
        ctx.metrics.sweepRuns.inc({ outcome: "failed" });
        log.error({ err: error }, "sweep failed");
      })
      .finally(() => {
        running = null;
      });
  }, ctx.config.sweepIntervalSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
