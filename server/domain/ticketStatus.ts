/**
 * The ticket state machine (spec/1-product-frame.md §4, spec/2-staff-ticket-work.md §4): one table, for every action that moves a ticket,
 * of the statuses it may start from and the status each leads to. Every status change in the code
 * is a guarded UPDATE built from this table (repositories/ticketTransitions.ts): the UPDATE's WHERE
 * holds the allowed starting statuses, so a change that races another fails cleanly.
 */
import { ENDED_STATUSES, type TicketStatus } from "../../common/constants.ts";
import type { ErrorCode } from "../../common/errors.ts";

export type TicketAction =
  /** A staff reply answers the player. */
  | "staffReply"
  /** A player's message on a REPLIED ticket hands it back to staff; otherwise the status stays. */
  | "playerReply"
  /** "My problem is solved" (spec/1-product-frame.md §2): not before staff answered. */
  | "memberResolve"
  | "hold"
  /** Reopen from the modal: back to staff. */
  | "reopen"
  /** Reopen as part of sending a reply (spec/2-staff-ticket-work.md §4): REPLIED, then the reply is sent. */
  | "reopenForReply"
  /** Fast complete, or submit-and-resolve after its message. */
  | "resolve"
  | "close"
  /** The sweep: tickets waiting on the player close after AUTO_CLOSE_HOURS, closer AUTO. */
  | "autoClose"
  /** The sweep: a hold whose wake-up time came hands the ticket back to staff (docs/decisions/tickets.md). */
  | "wakeUp"
  /** Assign changes category and/or employee, never the status; only on open tickets. */
  | "assign";

type Moves = Partial<Record<TicketStatus, TicketStatus>>;

const OPEN = ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED"] as const satisfies readonly TicketStatus[];

function every(from: readonly TicketStatus[], to: TicketStatus | "same"): Moves {
  return Object.fromEntries(from.map((s) => [s, to === "same" ? s : to]));
}

export const TRANSITIONS: Readonly<Record<TicketAction, Moves>> = {
  staffReply: every(OPEN, "REPLIED"),
  playerReply: {
    "NEW TICKET": "NEW TICKET",
    "WAITING DEV": "WAITING DEV",
    "ON HOLD": "ON HOLD",
    REPLIED: "WAITING DEV",
  },
  memberResolve: every(["WAITING DEV", "ON HOLD", "REPLIED"], "RESOLVED"),
  hold: every(["NEW TICKET", "WAITING DEV", "REPLIED"], "ON HOLD"),
  reopen: every(ENDED_STATUSES, "WAITING DEV"),
  reopenForReply: every(ENDED_STATUSES, "REPLIED"),
  resolve: every(OPEN, "RESOLVED"),
  close: every(OPEN, "CLOSED"),
  autoClose: { REPLIED: "CLOSED" },
  wakeUp: { "ON HOLD": "WAITING DEV" },
  assign: every(OPEN, "same"),
};

export function isEnded(status: TicketStatus): boolean {
  return ENDED_STATUSES.includes(status);
}

/** The refusal of a message on an ended ticket, in its own words: resolved is not closed. */
export function endedRefusal(status: TicketStatus): "ticket_resolved" | "ticket_ended" {
  return status === "RESOLVED" ? "ticket_resolved" : "ticket_ended";
}

export type TransitionRefusal = Extract<
  ErrorCode,
  "ticket_changed" | "ticket_not_ended" | "ticket_already_ended" | "ticket_already_on_hold"
>;

/**
 * Why `action` does not run from `status`: before the write, or after a guarded UPDATE lost a
 * race (then the status may allow it and something else moved: ticket_changed).
 */
export function transitionRefusal(action: TicketAction, status: TicketStatus): TransitionRefusal {
  if (action === "reopen" || action === "reopenForReply")
    return isEnded(status) ? "ticket_changed" : "ticket_not_ended";
  if (isEnded(status)) return "ticket_already_ended";
  if (action === "hold" && status === "ON HOLD") return "ticket_already_on_hold";
  return "ticket_changed";
}

/** The statuses an action may start from (the guarded UPDATE's WHERE). */
export function startStatuses(action: TicketAction): TicketStatus[] {
  return Object.keys(TRANSITIONS[action]) as TicketStatus[];
}

/** Where `action` leads from `status`, or null when the table does not allow it. */
export function nextStatus(action: TicketAction, status: TicketStatus): TicketStatus | null {
  return TRANSITIONS[action][status] ?? null;
}

/**
 * Whether `action` takes a ticket out of ON HOLD: its wake-up time (hold_until) then goes with the
 * hold, whichever way the hold ended (a reply, a resolve, the sweep).
 */
export function leavesHold(action: TicketAction): boolean {
  const to = nextStatus(action, "ON HOLD");
  return to !== null && to !== "ON HOLD";
}

export function canApply(action: TicketAction, status: TicketStatus): boolean {
  return nextStatus(action, status) !== null;
}

/** The status a chat message leaves behind; an ended ticket takes no messages. */
export function statusAfterMessage(status: TicketStatus, senderClass: "dev" | "user"): TicketStatus {
  return nextStatus(senderClass === "dev" ? "staffReply" : "playerReply", status) ?? status;
}
