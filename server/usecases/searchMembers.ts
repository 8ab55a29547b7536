/**
 * The staff player search (spec/3-staff-administration.md §2.3, §7 pagination-search-members): one page of players with
 * their characters and ticket counts, and the exact total.
 */
import type { PaginationSearchMembersBody, StaffMember } from "../../common/schemas/playerAdmin.ts";
import type { AppContext } from "../context.ts";
import { presentStaffMember } from "../presenters/member.ts";
import { listCharactersOfUsers } from "../repositories/members.ts";
import {
  countMembers,
  type MemberFilter,
  memberPageIdsQuery,
  membersByIds,
  NO_TICKETS,
  ticketCountsOf,
} from "../repositories/playerSearch.ts";

export interface MemberPage {
  members: StaffMember[];
  total_pages: number;
  total_count: number;
}

const text = (value: string | undefined, mode: 1 | 2) => (value === undefined ? undefined : { value, mode });

/** The request's filters as the repository takes them; Default leaves out all but the banned filter. */
export function memberFilterOf(body: PaginationSearchMembersBody): MemberFilter {
  if (body.default) return { banned: body.banned };
  return {
    name: text(body.name, body.name_mode),
    email: text(body.email, body.email_mode),
    characterName: text(body.character_name, body.character_name_mode),
    serverId: body.server,
    banned: body.banned,
  };
}

export async function searchMembers(
  ctx: AppContext,
  body: PaginationSearchMembersBody,
  now: number,
): Promise<MemberPage> {
  const { db, engine } = ctx.store;
  const filter = memberFilterOf(body);
  const size = body.entries_per_page;
  const total = await countMembers(db, engine, filter, now);
  const offset = (body.page - 1) * size;
  const order = { sortBy: body.sort_by ?? "id", order: body.order } as const;
  const ids =
    offset >= total
      ? []
      : (
          await memberPageIdsQuery(db, engine, filter, order, { offset, limit: size, matches: total, now }).execute()
        ).map((r) => r.id);
  const [rows, characters, counts] = await Promise.all([
    membersByIds(db, ids),
    listCharactersOfUsers(db, ids),
    ticketCountsOf(db, ids),
  ]);
  return {
    members: rows.map((row) =>
      presentStaffMember(
        row,
        characters.filter((c) => c.user_id === row.id),
        counts.get(row.id) ?? NO_TICKETS,
        now,
      ),
    ),
    total_pages: Math.max(1, Math.ceil(total / size)),
    total_count: total,
  };
}
