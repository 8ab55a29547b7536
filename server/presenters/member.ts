/**
 * What a member sees of their own account (get-member), what the game integration gets back, and
 * what staff see of a player (search and profile).
 */
import type { Member } from "../../common/schemas/accountResponses.ts";
import type { StaffMember } from "../../common/schemas/playerAdmin.ts";
import { isBanned } from "../domain/bans.ts";
import type { CharacterView } from "../repositories/members.ts";
import type { TicketCounts } from "../repositories/playerSearch.ts";
import type { UserRow } from "../repositories/users.ts";

export function presentMember(user: UserRow, characters: CharacterView[], now: number): Member {
  const banned = isBanned(user, now);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    banned,
    // 0 = not banned, -1 = indefinite, else epoch seconds (spec/1-product-frame.md §3).
    banned_until: banned ? user.banned_until : 0,
    characters: characters.map((c) => ({
      characterName: c.character_name,
      characterLevel: c.character_level,
      server: c.server_title,
      server_id: c.server_id,
    })),
  };
}

/** A player as staff see them in the search and the profile (spec/3-staff-administration.md §3 Member). */
export function presentStaffMember(
  user: UserRow,
  characters: CharacterView[],
  counts: TicketCounts,
  now: number,
): StaffMember {
  return { ...presentMember(user, characters, now), ...counts };
}
