/**
 * The ticket's chat as staff see it (spec 2 §2): messages with read ticks and origin, reply,
 * copy, edit and delete, and the reply box with Send, Send and resolve, Send and close.
 * Placeholder until the staff chat work lands.
 */
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";

/** plain: Send; resolve / close: submit-and-resolve / submit-and-close (spec 2 §4). */
export type SendKind = "plain" | "resolve" | "close";

export interface StaffChatPanelProps {
  ticket: StaffTicket;
  /**
   * Asked before a message goes out: the page shows the submit warnings and, for a plain reply
   * on an ended ticket, the reopen modal. false cancels the send.
   */
  onBeforeSend: (kind: SendKind) => Promise<boolean>;
  /** After the message was stored: for resolve / close the page completes the ticket. */
  onAfterSend: (kind: SendKind) => Promise<void>;
  /** Text to put into the reply box (a picked quick reply); a new object each time. */
  insert: { text: string } | null;
}

export function StaffChatPanel(_props: StaffChatPanelProps) {
  return null;
}
