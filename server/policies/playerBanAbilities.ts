/**
 * What an employee may do about a member's ban from the player's profile. A ban is given on a
 * ticket (spec/2-staff-ticket-work.md §6, §7), so the profile offers ban or unban on the newest of
 * the player's tickets on which `banRefusal` (the rule the ban calls throw from) lets the caller
 * act (docs/decisions/bans.md). The call then names that ticket and is checked again as usual.
 */
import type { Kysely } from "kysely";
import type { PlayerBanAbilities, PlayerBanRefusal, PlayerBanTicket } from "../../common/schemas/playerAdmin.ts";
import type { Database } from "../db/schema.ts";
import { type BanPolicyTicket, banPolicyTicketsOf } from "../repositories/bans.ts";
import { type BanRefusal, banRefusal } from "./bans.ts";
import type { Actor } from "./policy.ts";

/** Of the refusals of every ticket, the one that tells the caller most: someone else may act. */
const REFUSAL_ORDER: readonly BanRefusal[] = ["ban_not_allowed", "ban_ticket_resolved", "forbidden"];

function banTicket(ticket: BanPolicyTicket): PlayerBanTicket {
  return { ticket_id: ticket.id, createdAt: ticket.created_at, email: ticket.email };
}

/**
 * The profile's ban abilities of `actor` on a member whose tickets are `tickets`, newest first.
 * `banned` is the player's ban as the profile shows it (a ban that holds now): it decides which of
 * ban and unban is offered, as the writes' own guards do (already_banned, not_banned).
 */
export function playerBanAbilities(
  actor: Actor,
  banned: boolean,
  tickets: readonly BanPolicyTicket[],
): PlayerBanAbilities {
  const refusals = new Set<BanRefusal>();
  let eligible: BanPolicyTicket | undefined;
  for (const ticket of tickets) {
    const refusal = banRefusal(actor, ticket);
    if (refusal === null) {
      eligible = ticket;
      break;
    }
    refusals.add(refusal);
  }
  if (!eligible) {
    const refusal: PlayerBanRefusal = REFUSAL_ORDER.find((code) => refusals.has(code)) ?? "no_ticket";
    return { ban: null, unban: null, refusal };
  }
  const target = banTicket(eligible);
  return { ban: banned ? null : target, unban: banned ? target : null, refusal: null };
}

/** Reads the member's tickets (what the policy needs of each) and answers the profile's abilities. */
export async function playerBanAbilitiesFor(
  db: Kysely<Database>,
  actor: Actor,
  member: { id: number; banned: boolean },
): Promise<PlayerBanAbilities> {
  return playerBanAbilities(actor, member.banned, await banPolicyTicketsOf(db, member.id));
}
