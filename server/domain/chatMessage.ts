/**
 * What a chat message does besides being stored, whichever way it is written: the transaction of
 * sendChatMessage (SQLite, and any message with a quote, files or a tag) and the one statement of
 * a plain message on PostgreSQL (repositories/messageWrite.ts) both take these effects from here,
 * so the two cannot drift apart.
 */
import type { TicketStatus } from "../../common/constants.ts";
import { leavesHold, nextStatus, type TicketAction } from "./ticketStatus.ts";

export type SenderClass = "dev" | "user";

/** The class whose messages a reader of `readerClass` reads: the other side's. */
export function otherSide(readerClass: SenderClass): SenderClass {
  return readerClass === "dev" ? "user" : "dev";
}

/** The ticket's columns a message writes (its status aside: the transition table decides that). */
export interface MessageColumns {
  last_updated: number;
  last_message_at: number;
  last_message_from: "staff" | "user";
  last_message_by: number;
  /** Only with the ticket's first staff reply (the first-reply delay of the statistics). */
  first_reply_at?: number;
  /** Only when the message ends a hold (a staff reply): its wake-up time goes with it. */
  hold_until?: null;
}

export interface MessageEffects {
  /** The transition the message applies: a staff reply answers, a player's message hands back. */
  action: Extract<TicketAction, "staffReply" | "playerReply">;
  /** The status the message leaves, from the status the sender saw; null: the ticket takes none. */
  status: TicketStatus | null;
  columns: MessageColumns;
  /** Writing in a chat means having read it: the other side's messages become read. */
  marksRead: SenderClass;
  /** A staff sender: the ticket enters their chat list (spec/2-staff-ticket-work.md §2). */
  followsTicket: boolean;
  /** A player sender: the assignee gets a `new_message` notification, one unread per ticket. */
  notifiesAssignee: boolean;
}

export function messageEffects(
  sender: { id: number; class: SenderClass },
  ticket: { status: TicketStatus; first_reply_at: number | null },
  now: number,
): MessageEffects {
  const staff = sender.class === "dev";
  const action = staff ? "staffReply" : "playerReply";
  return {
    action,
    status: nextStatus(action, ticket.status),
    columns: {
      last_updated: now,
      last_message_at: now,
      last_message_from: staff ? "staff" : "user",
      last_message_by: sender.id,
      ...(staff && ticket.first_reply_at === null ? { first_reply_at: now } : {}),
      ...(ticket.status === "ON HOLD" && leavesHold(action) ? { hold_until: null } : {}),
    },
    marksRead: otherSide(sender.class),
    followsTicket: staff,
    notifiesAssignee: !staff,
  };
}
