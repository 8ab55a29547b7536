/**
 * Lifts a ticket's player's ban by hand (spec/2-staff-ticket-work.md §6, §7): the player rows (every identity of a
 * temporary user's e-mail), every ticket's flag and the active ban logs, with a staff-only
 * ban_message (banned 0); then the tickets are announced.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Actor } from "../policies/policy.ts";
import {
  banTargetIds,
  insertBanMessage,
  liftActiveBanLogs,
  setTicketsBanned,
  setUsersBan,
  unbanUserRow,
} from "../repositories/bans.ts";
import { findTicket } from "../repositories/tickets.ts";
import type { UserRow } from "../repositories/users.ts";
import { banSubject, type PlayerKind } from "./banPlayer.ts";

export interface UnbanPlayerInput {
  actor: Actor & { name: string };
  ticketId: number;
  kind: PlayerKind;
}

export async function unbanPlayer(
  ctx: AppContext,
  input: UnbanPlayerInput,
): Promise<{ ticket: TicketRow; user: UserRow }> {
  const { actor } = input;
  const { ticket, player } = await banSubject(ctx, actor, input.ticketId, input.kind);
  const now = nowSeconds();
  const result = await ctx.store.db.transaction().execute(async (trx) => {
    const user = await unbanUserRow(trx, player.id);
    if (!user) return null;
    const ids = await banTargetIds(trx, player);
    await setUsersBan(
      trx,
      ids.filter((id) => id !== player.id),
      false,
      0,
    );
    await liftActiveBanLogs(
      trx,
      input.kind === "member" ? { userId: player.id } : { email: player.email },
      actor.id,
      now,
    );
    const message = await insertBanMessage(trx, ticket.id, { banned: false, message: "", sender: actor, now });
    const changed = await setTicketsBanned(trx, ids, false);
    const current = changed.find((t) => t.id === ticket.id) ?? (await findTicket(trx, ticket.id)) ?? ticket;
    return { user, message, changed, current };
  });
  if (!result) throw new AppError("not_banned");
  ctx.events.publish("message.created", { ticket: result.current, message: result.message });
  for (const changed of result.changed) ctx.events.publish("ticket.updated", { ticket: changed });
  return { ticket: result.current, user: result.user };
}
