/**
 * The state of the player lists (spec/3-staff-administration.md §2.3): Search Players and Banned (Support), each with its
 * own remembered search, page, page size (default 10) and sort per user; the banned list's banned
 * filter is fixed.
 */
import { BADGE_TICKETS_PER_TIER, DEFAULT_PAGE_SIZE } from "../../../../common/constants.ts";
import type { MemberSortField } from "../../../../common/schemas/playerAdmin.ts";
import type { RouteFields } from "../../api/client.ts";
import {
  emptyText,
  idOrNull,
  isObject,
  type ListSort,
  type ListStorageKeys,
  parseTextFilter,
  type TextFilter,
  textValue,
} from "../ticketList/rememberedList.ts";

export type MemberListKind = "search" | "banned";

export interface MemberSearchParams {
  name: TextFilter;
  email: TextFilter;
  characterName: TextFilter;
  /** A server id, null for All. */
  server: number | null;
  /** true banned, false not banned, null both. */
  banned: boolean | null;
}

export function clearedMemberParams(): MemberSearchParams {
  return { name: emptyText(), email: emptyText(), characterName: emptyText(), server: null, banned: null };
}

/** Whether a search filters nothing: an empty answer then means the help desk has no players yet. */
export function isUnfiltered(params: MemberSearchParams): boolean {
  return (
    [params.name, params.email, params.characterName].every((filter) => textValue(filter) === undefined) &&
    params.server === null &&
    params.banned === null
  );
}

export function parseMemberParams(value: unknown): MemberSearchParams {
  if (!isObject(value)) return clearedMemberParams();
  return {
    name: parseTextFilter(value.name),
    email: parseTextFilter(value.email),
    characterName: parseTextFilter(value.characterName),
    server: idOrNull(value.server),
    banned: typeof value.banned === "boolean" ? value.banned : null,
  };
}

export const DEFAULT_MEMBER_PAGE_SIZE: Record<MemberListKind, number> = {
  search: DEFAULT_PAGE_SIZE.players,
  banned: DEFAULT_PAGE_SIZE.bannedPlayers,
};

/** localStorage keys per list and per user (a shared browser keeps each staff member's lists apart). */
export function memberListKeys(kind: MemberListKind, userId: number): ListStorageKeys {
  return {
    state: `helpdesk.players.${kind}.state.${userId}`,
    pageSize: `helpdesk.players.${kind}.pageSize.${userId}`,
    sort: `helpdesk.players.${kind}.sort.${userId}`,
  };
}

/** The fields of pagination-search-members. */
export type MemberSearchBody = RouteFields<"paginationSearchMembers">;

/** The wire body of pagination-search-members (spec/3-staff-administration.md §7); the banned list always asks banned=true. */
export function toMemberSearchBody(
  kind: MemberListKind,
  params: MemberSearchParams,
  page: number,
  pageSize: number,
  sort: ListSort<MemberSortField>,
): MemberSearchBody {
  const banned = kind === "banned" ? true : params.banned;
  return {
    name: textValue(params.name),
    name_mode: params.name.mode,
    email: textValue(params.email),
    email_mode: params.email.mode,
    character_name: textValue(params.characterName),
    character_name_mode: params.characterName.mode,
    server: params.server ?? undefined,
    banned: banned ?? undefined,
    page,
    entries_per_page: pageSize,
    sort_by: sort.key ?? undefined,
    order: sort.order,
  };
}

/** Badge tier (spec/3-staff-administration.md §2.3): one per 20 tickets, rounded down. */
export function badgeTier(nTickets: number): number {
  return Math.floor(Math.max(0, nTickets) / BADGE_TICKETS_PER_TIER);
}
