/**
 * The staff ticket page's calls (spec/2-staff-ticket-work.md §7): fetch, edit, assign, hold, complete, reopen, retain,
 * the fast-action excuses and the staff list. Bodies arrive form-encoded (numbers and booleans as
 * text) or as JSON; both parse here. Answers are staff views only.
 */
import { z } from "zod";
import { LIMITS, PAGE_SIZE_OPTIONS } from "../constants.ts";
import { ERRORS, type ErrorCode } from "../errors.ts";
import { staffTicket } from "./ticketResponses.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** A form sends "" for a field left empty: that is "not given". */
const optionalId = z.preprocess((v) => (v === "" || v === "null" || v === null ? undefined : v), id.optional());
/** true/false as a form sends it ("true", "false", "1", "0") or as JSON. */
export const formBoolean = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
]);

export const fetchStaffTicketBody = z.object({
  ticket_id: id,
  /** From the page's ticket_info; when given it must match the ticket (a stale link finds nothing). */
  email: z.string().max(254).optional(),
  /** The ticket number (creation time in seconds); checked like email when given. */
  createdAt: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40)
    .optional(),
});
export type FetchStaffTicketBody = z.infer<typeof fetchStaffTicketBody>;

export const updateTicketBody = z.object({
  ticket_id: id,
  new_category: id,
  new_priority: id,
});
export type UpdateTicketBody = z.infer<typeof updateTicketBody>;

export const assignTicketBody = z.object({
  /** The new assignee; omitted (or empty) = Auto, a random eligible employee. */
  devId: optionalId,
  ticketId: id,
  /** The category after the assignment (may differ from the ticket's: the category changes). */
  category: id,
  /** The ticket's server, as the page shows it; informational (the ticket's own server decides). */
  server: optionalId,
  /** The assignee the page showed; informational, the server guards against a changed assignee itself. */
  prevDevId: optionalId,
  /** The ticket's chat id (`chat-{id}`); informational. */
  chatId: z.union([z.string().max(40), z.number().int()]).optional(),
});
export type AssignTicketBody = z.infer<typeof assignTicketBody>;

export const fetchAssigneesBody = z.object({
  ticket_id: id,
  /** The category chosen in the assign dialog (the ticket's own, or the one it would move to). */
  category: id,
});
export type FetchAssigneesBody = z.infer<typeof fetchAssigneesBody>;

export const reopenTicketBody = z.object({
  ticket_id: id,
  /**
   * Reopened as part of sending a reply (spec/2-staff-ticket-work.md §4): the ticket becomes REPLIED, and the reply is
   * sent right after. Without it the ticket goes back to WAITING DEV.
   */
  for_reply: formBoolean.optional().default(false),
});
export type ReopenTicketBody = z.infer<typeof reopenTicketBody>;

/** The furthest a hold's wake-up time may lie ahead: a year (docs/decisions/tickets.md). */
export const HOLD_MAX_SECONDS = 365 * 86_400;

/**
 * A hold's wake-up time, epoch seconds: after now and at most HOLD_MAX_SECONDS ahead, measured
 * when the request is read. Absent, empty or null: a hold with no time.
 */
export const holdUntil = z.preprocess(
  (v) => (v === "" || v === "null" || v === null ? undefined : v),
  z.coerce
    .number()
    .int()
    .superRefine((at, issue) => {
      const now = Math.floor(Date.now() / 1000);
      if (at <= now) issue.addIssue({ code: "custom", message: "The wake-up time must be in the future." });
      else if (at > now + HOLD_MAX_SECONDS)
        issue.addIssue({ code: "custom", message: "The wake-up time must be within a year." });
    })
    .optional(),
);

export const holdTicketBody = z.object({ ticket_id: id, hold_until: holdUntil });
export type HoldTicketBody = z.infer<typeof holdTicketBody>;

export const FAST_ACTIONS = ["RESOLVED", "CLOSED"] as const;
export type FastAction = (typeof FAST_ACTIONS)[number];

export const submitTicketCompleteBody = z.object({
  ticket_id: id,
  action: z.enum(FAST_ACTIONS),
  /** The page's view of whether the last word was not this employee's; the server decides itself. */
  unanswered: formBoolean.optional(),
  /** The chosen reason, or the free text of Other; required when the last message was not the caller's. */
  excuse: z
    .string()
    .trim()
    .max(LIMITS.defaultInput * 5)
    .optional()
    .default(""),
});
export type SubmitTicketCompleteBody = z.infer<typeof submitTicketCompleteBody>;

/**
 * The most tickets one bulk action names: the staff list's largest page, so "select all on this
 * page" always fits (docs/decisions/bulk-actions.md).
 */
export const BULK_TICKETS_MAX = Math.max(...PAGE_SIZE_OPTIONS);

/**
 * The tickets of a bulk action: a JSON array (or a form's repeated field), 1 to BULK_TICKETS_MAX
 * ids, each named once. They are acted on in this order.
 */
const bulkTicketIds = z
  .union([id, z.array(id)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(
    z
      .array(z.number())
      .min(1, "Choose at least one ticket.")
      .max(BULK_TICKETS_MAX, `At most ${BULK_TICKETS_MAX} tickets can be changed at once.`)
      .refine((ids) => new Set(ids).size === ids.length, "Each ticket can be named only once."),
  );

/**
 * bulk-ticket-action: one of the single actions on many tickets, each ticket through the single
 * action's own checks. Each action takes the fields of its single call: assign those of
 * assign-ticket (the employee, or Auto; each ticket keeps its category), hold those of
 * put-ticket-on-hold, resolve and close those of submit-ticket-complete.
 */
export const bulkTicketActionBody = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("assign"),
    ticket_ids: bulkTicketIds,
    /** The new assignee of every ticket, the caller's own id for "assign to me"; omitted (or empty) = Auto, per ticket. */
    devId: optionalId,
  }),
  z.object({ action: z.literal("hold"), ticket_ids: bulkTicketIds, hold_until: holdUntil }),
  z.object({
    action: z.literal("resolve"),
    ticket_ids: bulkTicketIds,
    excuse: submitTicketCompleteBody.shape.excuse,
  }),
  z.object({
    action: z.literal("close"),
    ticket_ids: bulkTicketIds,
    excuse: submitTicketCompleteBody.shape.excuse,
  }),
]);
export type BulkTicketActionBody = z.infer<typeof bulkTicketActionBody>;
export type BulkTicketAction = BulkTicketActionBody["action"];

export const setRetainAttachmentsBody = z.object({ ticket_id: id, is_retain: formBoolean });
export type SetRetainAttachmentsBody = z.infer<typeof setRetainAttachmentsBody>;

// ---- answers

/** The full staff ticket with the notes room id (`notes-{id}`). */
export const staffTicketFull = staffTicket.extend({
  notes_id: z.string(),
  /** Who wrote last ('user' the player, 'staff' an employee) and their id: the fast-complete reason rule. */
  last_message_from: z.enum(["user", "staff"]).nullable(),
  last_message_by: z.number().int().nullable(),
});
export type StaffTicketFull = z.infer<typeof staffTicketFull>;

/** The ticket's player as the staff page shows them. */
export const ticketPlayer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string(),
  class: z.enum(["dev", "user"]),
  type: z.enum(["normal", "temp"]),
  banned: z.boolean(),
});
export type TicketPlayer = z.infer<typeof ticketPlayer>;

export const fetchStaffTicketResponse = z.object({ ticket: staffTicketFull, user: ticketPlayer });
export type FetchStaffTicketResponse = z.infer<typeof fetchStaffTicketResponse>;

/** update-ticket, assign-ticket, set-retain-attachments. */
export const staffTicketResponse = z.object({ ticket: staffTicketFull });
export type StaffTicketResponse = z.infer<typeof staffTicketResponse>;

/** reopen-ticket, put-ticket-on-hold, submit-ticket-complete. */
export const ticketDataResponse = z.object({ ticket_data: staffTicketFull });
export type TicketDataResponse = z.infer<typeof ticketDataResponse>;

/** The employees assign-ticket accepts as `devId` for this ticket and category, by name. */
export const fetchAssigneesResponse = z.object({
  assignees: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type FetchAssigneesResponse = z.infer<typeof fetchAssigneesResponse>;

const errorCode = z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]);

/**
 * What a bulk action did: the tickets it changed, and for each other ticket the code its single
 * call would have answered (the i18n key of the reason), in the order the tickets were named.
 */
export const bulkTicketActionResponse = z.object({
  done: z.array(z.number().int()),
  refused: z.array(z.object({ ticket_id: z.number().int(), code: errorCode })),
});
export type BulkTicketActionResponse = z.infer<typeof bulkTicketActionResponse>;

export const fastActionExcusesResponse = z.object({
  fast_action_excuses: z.object({ RESOLVED: z.array(z.string()), CLOSED: z.array(z.string()) }),
});
export type FastActionExcusesResponse = z.infer<typeof fastActionExcusesResponse>;

export const staffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  rank: z.enum(["admin", "mod", "dev", "user"]),
  categories: z.array(z.number().int()),
  servers: z.array(z.number().int()),
});
export type StaffMemberView = z.infer<typeof staffMember>;

export const fetchDevsResponse = z.object({ devs: z.array(staffMember) });
export type FetchDevsResponse = z.infer<typeof fetchDevsResponse>;
