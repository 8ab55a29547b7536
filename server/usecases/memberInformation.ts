/**
 * A player's profile for staff (spec/3-staff-administration.md §2.3, §7 get-member-information): the account with its
 * characters and ticket counts, and the player's tickets, newest first.
 */
import { MEMBER_TICKETS_MAX, type StaffMember } from "../../common/schemas/playerAdmin.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { presentStaffMember } from "../presenters/member.ts";
import { listCharacters } from "../repositories/members.ts";
import { findPlayer, NO_TICKETS, ticketCountsOf, ticketsOfMember } from "../repositories/playerSearch.ts";

export async function memberInformation(
  ctx: AppContext,
  memberId: number,
  now: number,
): Promise<{ member: StaffMember; tickets: TicketRow[] }> {
  const { db } = ctx.store;
  // Staff, a temporary identity, a deleted account and no account at all look the same: not found.
  const user = await findPlayer(db, memberId);
  if (!user) throw new AppError("member_not_found");
  const [characters, counts, tickets] = await Promise.all([
    listCharacters(db, memberId),
    ticketCountsOf(db, [memberId]),
    ticketsOfMember(db, memberId, MEMBER_TICKETS_MAX),
  ]);
  return { member: presentStaffMember(user, characters, counts.get(memberId) ?? NO_TICKETS, now), tickets };
}
