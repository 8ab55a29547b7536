/**
 * Bans a ticket's player (spec/2-staff-ticket-work.md §6, §7): a member by account, a temporary user by e-mail (every
 * identity of it). The player rows, every ticket of theirs, the ban log and the staff-only
 * ban_message are written in one transaction; then the tickets are announced and the player's
 * open pages get banned_warning at once.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireMayBan } from "../policies/bans.ts";
import { type Actor, isPlayer } from "../policies/policy.ts";
import {
  banTargetIds,
  banUserRow,
  insertBanLog,
  insertBanMessage,
  setTicketsBanned,
  setUsersBan,
} from "../repositories/bans.ts";
import { findTicket } from "../repositories/tickets.ts";
import { findUserById, type UserRow } from "../repositories/users.ts";

/** Which call was used: ban-member-user / unban-member-user, or the temporary ones. */
export type PlayerKind = "member" | "temporary";

/** The ticket, checked against the policy, and its player, checked against the call's kind. */
export async function banSubject(
  ctx: AppContext,
  actor: Actor,
  ticketId: number,
  kind: PlayerKind,
): Promise<{ ticket: TicketRow; player: UserRow }> {
  const ticket = await findTicket(ctx.store.db, ticketId);
  if (!ticket) throw new AppError("not_found");
  requireMayBan(actor, ticket);
  const player = await findUserById(ctx.store.db, ticket.user_id);
  if (!player || !isPlayer(player)) throw new AppError("not_found");
  if ((player.type === "temp") !== (kind === "temporary")) throw new AppError("ban_wrong_player");
  return { ticket, player };
}

export interface BanPlayerInput {
  actor: Actor & { name: string };
  ticketId: number;
  kind: PlayerKind;
  reason: string;
  /** Seconds, or -1 for a permanent ban. */
  seconds: number;
}

export async function banPlayer(ctx: AppContext, input: BanPlayerInput): Promise<{ ticket: TicketRow; user: UserRow }> {
  const { actor } = input;
  const { ticket, player } = await banSubject(ctx, actor, input.ticketId, input.kind);
  const now = nowSeconds();
  const until = input.seconds === -1 ? -1 : now + input.seconds;
  const result = await ctx.store.db.transaction().execute(async (trx) => {
    const user = await banUserRow(trx, player.id, until, now);
    if (!user) return null;
    const ids = await banTargetIds(trx, player);
    await setUsersBan(
      trx,
      ids.filter((id) => id !== player.id),
      true,
      until,
    );
    await insertBanLog(trx, {
      ticketId: ticket.id,
      userId: input.kind === "member" ? player.id : null,
      email: input.kind === "member" ? player.email : player.email.toLowerCase(),
      reason: input.reason,
      bannerId: actor.id,
      banTime: input.seconds,
      now,
      until,
    });
    const message = await insertBanMessage(trx, ticket.id, { banned: true, message: input.reason, sender: actor, now });
    const changed = await setTicketsBanned(trx, ids, true);
    const current = changed.find((t) => t.id === ticket.id) ?? (await findTicket(trx, ticket.id)) ?? ticket;
    return { user, ids, message, changed, current };
  });
  if (!result) throw new AppError("already_banned");
  ctx.events.publish("message.created", { ticket: result.current, message: result.message });
  for (const changed of result.changed) ctx.events.publish("ticket.updated", { ticket: changed });
  for (const id of result.ids) {
    ctx.realtime.toUser(id, "banned_warning", { status: "WARNING", message: "user_banned", until });
  }
  return { ticket: result.current, user: result.user };
}
