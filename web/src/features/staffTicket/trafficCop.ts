/**
 * The traffic cop (collision detection, docs/decisions/realtime.md): what the page knew when the
 * employee started a reply, and what has changed since: other people's messages, the status, the
 * assignee. Before a reply goes out the page shows the changes and asks to send anyway or review.
 */
import type { TicketStatus } from "../../../../common/constants.ts";

interface TicketState {
  status: TicketStatus;
  assignedTo: number | null;
}

interface ChatLineState {
  id: number;
  type: string;
  sender_id: number | null;
  sender_name: string;
  deleted: boolean;
}

/** The page as it stood at the reply's first keystroke. */
export interface ReplyBaseline extends TicketState {
  /** The newest chat line the page had; later ones are new. */
  lastMessageId: number;
}

export interface TicketChanges {
  /** Who wrote the new messages, each once, in order. */
  senders: string[];
  status: { from: TicketStatus; to: TicketStatus } | null;
  assignee: { from: number | null; to: number | null } | null;
}

export function replyBaseline(ticket: TicketState, lines: readonly ChatLineState[]): ReplyBaseline {
  return {
    status: ticket.status,
    assignedTo: ticket.assignedTo,
    lastMessageId: lines.reduce((newest, line) => Math.max(newest, line.id), 0),
  };
}

/** What changed since `baseline`, or null when nothing did. The caller's own lines do not count. */
export function changesSince(
  baseline: ReplyBaseline,
  ticket: TicketState,
  lines: readonly ChatLineState[],
  selfId: number,
): TicketChanges | null {
  const senders = [
    ...new Set(
      lines
        .filter((l) => l.id > baseline.lastMessageId && l.type === "message" && !l.deleted && l.sender_id !== selfId)
        .map((l) => l.sender_name),
    ),
  ];
  const status = ticket.status === baseline.status ? null : { from: baseline.status, to: ticket.status };
  const assignee =
    ticket.assignedTo === baseline.assignedTo ? null : { from: baseline.assignedTo, to: ticket.assignedTo };
  return senders.length || status || assignee ? { senders, status, assignee } : null;
}
