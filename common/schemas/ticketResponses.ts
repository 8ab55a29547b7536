/**
 * What leaves the server of a ticket, per audience (spec/1-product-frame.md §3, spec/2-staff-ticket-work.md §3). The route registers
 * these as its response schema, so the serializer drops any key a schema does not name: a player
 * never receives priority, assignee, ban flag or origin address, whatever a presenter returns.
 */
import { z } from "zod";
import { TICKET_STATUSES } from "../constants.ts";
import { ERRORS, type ErrorCode } from "../errors.ts";
import { sessionUser } from "./auth.ts";

const id = z.number().int();

/** A ticket as its owner (member or temporary user) sees it. */
export const playerTicket = z.object({
  id,
  ticket_id: id,
  fetch_code: z.string(),
  /** The chat room id of the ticket (`chat-{id}`). */
  chat_id: z.string(),
  category: id,
  server: id,
  characterName: z.string(),
  violatersName: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  /** Epoch seconds; doubles as the ticket number. */
  createdAt: z.number(),
  lastUpdated: z.number(),
  email: z.string(),
  name: z.string(),
  user_id: id,
  /** `/download/{name}` URLs, or 'DELETED' for a removed file. */
  attachments: z.array(z.string()),
  ticket_type: z.enum(["member", "other"]),
  type: z.enum(["normal", "temp"]),
});
export type PlayerTicket = z.infer<typeof playerTicket>;

/** The calls a staff ticket's abilities speak of, each named after what the page offers. */
export const TICKET_ABILITIES = [
  "act",
  "edit",
  "assign",
  "assign_self",
  "choose_employee",
  "hold",
  "complete",
  "reopen",
  "ban",
  "unban",
] as const;
export type TicketAbility = (typeof TICKET_ABILITIES)[number];

const errorCode = z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]);

/**
 * What the calling employee may do on this ticket, as of this answer, decided by the same policy
 * functions that guard the calls (server/policies/ticketAbilities.ts). A page shows its controls
 * from these and reads the ticket again when a live update says it changed; a
 * ticket_updated_ping carries none.
 */
export const ticketAbilities = z.object({
  /** Any of assign, hold and complete: the ticket is open and the caller acts as its assignee. */
  act: z.boolean(),
  /** update-ticket: category and priority. */
  edit: z.boolean(),
  /** assign-ticket with Auto or the current assignee. */
  assign: z.boolean(),
  /**
   * "Assign to me": assign-ticket naming the caller, who handles the ticket's category and server
   * and is not its assignee already.
   */
  assign_self: z.boolean(),
  /** assign-ticket naming another employee (the dev rank may not). */
  choose_employee: z.boolean(),
  /** put-ticket-on-hold. */
  hold: z.boolean(),
  /** submit-ticket-complete, resolve or close. */
  complete: z.boolean(),
  /** Whether completing needs a reason: the last message is not the caller's. */
  excuse_required: z.boolean(),
  /** reopen-ticket. */
  reopen: z.boolean(),
  /** ban-member-user / ban-temporary-user. */
  ban: z.boolean(),
  /** unban-member-user / unban-temporary-user. */
  unban: z.boolean(),
  /** The categories the caller may move the ticket to (edit, assign): "any", or their own. */
  categories: z.union([z.literal("any"), z.array(id)]),
  /** For each ability that is false, the error code its call answers (the i18n key of the reason). */
  refusals: z.partialRecord(z.enum(TICKET_ABILITIES), errorCode),
});
export type TicketAbilities = z.infer<typeof ticketAbilities>;

/** A ticket as staff see it: the player's view, the bookkeeping of spec/2-staff-ticket-work.md §3, and the caller's abilities. */
export const staffTicket = playerTicket.extend({
  priority: id,
  assignedTo: id.nullable(),
  banned: z.boolean(),
  ip_origin: z.string(),
  /** A user id as text, or 'AUTO'. */
  resolved_by: z.string().nullable(),
  closed_by: z.string().nullable(),
  excuse: z.string().nullable(),
  clean: z.boolean(),
  retain_attachments: z.boolean(),
  /** When an ON HOLD ticket goes back to staff (epoch seconds), or null: no wake-up time, or not on hold. */
  hold_until: z.number().int().nullable(),
  abilities: ticketAbilities,
});
export type StaffTicket = z.infer<typeof staffTicket>;

/**
 * socket ticket_updated_ping for a ticket's player: what moved, without staff bookkeeping. A
 * receiver keeps the old value of a field that is absent or null (spec/2-staff-ticket-work.md §5).
 */
export const playerTicketPing = z.object({
  ticket_id: id,
  lastUpdated: z.number(),
  category: id.nullable(),
  status: z.enum(TICKET_STATUSES).nullable(),
});
export type PlayerTicketPing = z.infer<typeof playerTicketPing>;

/** socket ticket_updated_ping for staff (spec/2-staff-ticket-work.md §7). */
export const staffTicketPing = playerTicketPing.extend({
  priority: id.nullable(),
  banned: z.boolean().nullable(),
  assignedTo: id.nullable(),
});
export type StaffTicketPing = z.infer<typeof staffTicketPing>;

/** fetch-member-ticket, submit-ticket-complete-member. */
export const playerTicketResponse = z.object({ ticket: playerTicket });

export const submitMemberTicketResponse = z.object({ ticket_id: id, ticket: playerTicket });
export type SubmitMemberTicketResponse = z.infer<typeof submitMemberTicketResponse>;

export const submitTemporaryTicketResponse = z.object({
  ticket_id: id,
  /** The reference the visitor is shown and types into "Find my ticket" (the createdAt number). */
  ticket_number: id,
  /** What the visitor keeps to open the ticket again (ticket id and e-mail, encoded). */
  ticket_info: z.string(),
});
export type SubmitTemporaryTicketResponse = z.infer<typeof submitTemporaryTicketResponse>;

export const searchTicketTemporaryResponse = z.object({ ticket: playerTicket, user: sessionUser });
export type SearchTicketTemporaryResponse = z.infer<typeof searchTicketTemporaryResponse>;

/** A ticket of the player's lists (history, home): the ticket and the staff lines not yet read. */
export const playerListTicket = playerTicket.extend({
  /** Staff chat lines the player can see and has not read (cleared when they open the ticket). */
  unread: z.number().int(),
});
export type PlayerListTicket = z.infer<typeof playerListTicket>;

export const memberTicketHistoryResponse = z.object({
  tickets: z.array(playerListTicket),
  total_count: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  entries_per_page: z.number().int(),
});
export type MemberTicketHistoryResponse = z.infer<typeof memberTicketHistoryResponse>;

/** GET /api/tickets/member-recent-tickets: the member home's short list, latest activity first. */
export const memberRecentTicketsResponse = z.object({ tickets: z.array(playerListTicket) });
export type MemberRecentTicketsResponse = z.infer<typeof memberRecentTicketsResponse>;

/**
 * One ticket's reply signal (GET /api/tickets/player-unread and socket player_ticket_signal): what
 * a player's home, history and title show about a ticket that is not open on the page.
 */
export const playerTicketSignal = z.object({
  ticket_id: id,
  /** The ticket number (createdAt), for the toast's text. */
  ticket_number: id,
  fetch_code: z.string(),
  status: z.enum(TICKET_STATUSES),
  lastUpdated: z.number(),
  unread: z.number().int(),
});
export type PlayerTicketSignal = z.infer<typeof playerTicketSignal>;

/** GET /api/tickets/player-unread: the tickets with unread staff lines, and their sum. */
export const playerUnreadResponse = z.object({
  unread_total: z.number().int(),
  tickets: z.array(playerTicketSignal),
});
export type PlayerUnreadResponse = z.infer<typeof playerUnreadResponse>;

/** Socket player_ticket_signal: a signal, the player's new total, and whether a staff reply caused it. */
export type PlayerTicketSignalEvent = PlayerTicketSignal & { unread_total: number; reply: boolean };
