/**
 * Player search and profile for staff (spec/3-staff-administration.md §2.3, §3, §7): pagination-search-members and
 * get-member-information. Bodies arrive as form data, so numbers and flags come as text. The text
 * boxes, their modes, the page and the page size follow the ticket search's rules exactly.
 */
import { z } from "zod";
import { member } from "./accountResponses.ts";
import { staffTicket } from "./ticketResponses.ts";
import { paginationSearchTicketsBody } from "./ticketSearch.ts";

const tickets = paginationSearchTicketsBody.shape;

/** The sortable player fields, by their wire names (`sort_by`); none sent: newest account first. */
export const MEMBER_SORT_FIELDS = ["id", "name", "email", "banned_until"] as const;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];

const BANNED_VALUES: Record<string, boolean | undefined> = {
  true: true,
  "1": true,
  on: true,
  false: false,
  "0": false,
  off: false,
  all: undefined,
  "": undefined,
};

/** true: banned players only; false: players not banned; absent or "all": both. */
const bannedFilter = z
  .union([z.boolean(), z.enum(Object.keys(BANNED_VALUES) as [string, ...string[]])])
  .optional()
  .transform((v) => (typeof v === "boolean" || v === undefined ? v : BANNED_VALUES[v]));

export const paginationSearchMembersBody = z.object({
  name: tickets.name,
  name_mode: tickets.name_mode,
  email: tickets.email,
  email_mode: tickets.email_mode,
  character_name: tickets.character_name,
  character_name_mode: tickets.character_name_mode,
  /** A server id: players with a character there (with the character name: that character). */
  server: tickets.server,
  page: tickets.page,
  entries_per_page: tickets.entries_per_page,
  sort_by: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(MEMBER_SORT_FIELDS).optional()),
  order: tickets.order,
  /** true: the Default search, every text and server filter left out (banned still applies). */
  default: tickets.default,
  banned: bannedFilter,
});
export type PaginationSearchMembersBody = z.infer<typeof paginationSearchMembersBody>;

export const getMemberInformationBody = z.object({ member_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A player as staff see them (spec/3-staff-administration.md §3 Member): the account, its characters and ticket counts. */
export const staffMember = member.extend({
  /** Tickets not yet RESOLVED or CLOSED. */
  n_active_tickets: z.number().int(),
  n_resolved_tickets: z.number().int(),
  n_closed_tickets: z.number().int(),
  n_tickets: z.number().int(),
  /** Creation time (epoch seconds) of the oldest ticket still active; null when none is. */
  longest_active_createdAt: z.number().int().nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const paginationSearchMembersResponse = z.object({
  members: z.array(staffMember),
  total_pages: z.number().int(),
  /** Exact. */
  total_count: z.number().int(),
});
export type PaginationSearchMembersResponse = z.infer<typeof paginationSearchMembersResponse>;

/** A ticket a ban or unban from the profile is given on: its id, and its number and e-mail for its link. */
export const playerBanTicket = z.object({
  ticket_id: z.number().int(),
  /** The ticket number (creation time, epoch seconds). */
  createdAt: z.number().int(),
  email: z.string(),
});
export type PlayerBanTicket = z.infer<typeof playerBanTicket>;

/**
 * Why the caller may ban or unban the player on none of their tickets: the player has no ticket,
 * every ticket is RESOLVED, or the caller is not the assignee or closer of any (nor an admin).
 */
export const PLAYER_BAN_REFUSALS = ["no_ticket", "ban_ticket_resolved", "ban_not_allowed", "forbidden"] as const;
export type PlayerBanRefusal = (typeof PLAYER_BAN_REFUSALS)[number];

/**
 * What the caller may do about the player's ban from the profile, by the ticket ban policy
 * (server/policies/playerBanAbilities.ts): the newest ticket of the player's on which the policy
 * lets the caller act (docs/decisions/bans.md).
 */
export const playerBanAbilities = z.object({
  /** ban-member-user on this ticket; null while the player is banned, or when no ticket allows it. */
  ban: playerBanTicket.nullable(),
  /** unban-member-user on this ticket; null while the player is not banned, or when no ticket allows it. */
  unban: playerBanTicket.nullable(),
  /** Why no ticket of the player lets the caller ban or unban; null when one does. */
  refusal: z.enum(PLAYER_BAN_REFUSALS).nullable(),
});
export type PlayerBanAbilities = z.infer<typeof playerBanAbilities>;

export const getMemberInformationResponse = z.object({
  member: staffMember,
  /** The player's tickets, newest first (at most MEMBER_TICKETS_MAX; the counts are exact). */
  tickets: z.array(staffTicket),
  abilities: playerBanAbilities,
});
export type GetMemberInformationResponse = z.infer<typeof getMemberInformationResponse>;

/** The profile lists at most this many of a player's tickets. */
export const MEMBER_TICKETS_MAX = 500;
