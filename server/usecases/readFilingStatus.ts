/**
 * Whether a member may file a ticket now, read with the same rules as the submit
 * call's own checks (admitMemberTicket). The order differs in one place: the cap is named before
 * the rate, because it lasts until a ticket ends while the rate clears in minutes, so it is the
 * one the player needs to know. Only the caller's own rows are read. The answer is advice for the form; the submit call checks
 * again under the member's lock, so parallel filings cannot pass the cap.
 */
import type { FilingStatus } from "../../common/schemas/filing.ts";
import type { AppContext } from "../context.ts";
import { readNumberSetting } from "../db/appSettings.ts";
import { isBanned } from "../domain/bans.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { countCharacters } from "../repositories/members.ts";
import { countActiveTickets, countTicketsSince } from "../repositories/tickets.ts";
import type { UserRow } from "../repositories/users.ts";

export async function readFilingStatus(ctx: AppContext, member: UserRow, now: number): Promise<FilingStatus> {
  const db = ctx.store.db;
  const banned = isBanned(member, now);
  const [activeTickets, activeCap] = await Promise.all([
    countActiveTickets(db, member.id),
    readNumberSetting(db, "member_active_ticket_cap"),
  ]);
  const answer = (state: FilingStatus["state"]): FilingStatus => ({
    state,
    banned_until: banned ? member.banned_until : 0,
    active_tickets: activeTickets,
    active_cap: activeCap,
  });
  if (banned) return answer("banned");
  if ((await countCharacters(db, member.id)) === 0) return answer("no_character");
  if (activeTickets >= activeCap) return answer("active_cap");
  const recent = await countTicketsSince(db, member.id, now - RATE_LIMITS.memberSubmit.windowSeconds);
  if (recent >= RATE_LIMITS.memberSubmit.max) return answer("rate_limited");
  return answer("open");
}
