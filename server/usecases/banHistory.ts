/** A player's ban history (spec/2-staff-ticket-work.md §7): a member by id, a temporary user by e-mail. */
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isMember } from "../policies/policy.ts";
import { type BanLogOwner, type BanLogWithNames, findTicketsByIds, listBanLogs } from "../repositories/bans.ts";
import { findUserById } from "../repositories/users.ts";

export async function banHistory(
  ctx: AppContext,
  owner: BanLogOwner,
): Promise<{ logs: BanLogWithNames[]; tickets: TicketRow[] }> {
  if ("userId" in owner) {
    const member = await findUserById(ctx.store.db, owner.userId);
    if (!isMember(member)) throw new AppError("not_found");
  }
  const logs = await listBanLogs(ctx.store.db, owner);
  const ticketIds = [...new Set(logs.map((l) => l.ticket_id).filter((id): id is number => id !== null))];
  return { logs, tickets: await findTicketsByIds(ctx.store.db, ticketIds) };
}
