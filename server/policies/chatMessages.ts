/**
 * Who sees a chat message, and who may change one (spec/2-staff-ticket-work.md §6). Staff see every message; a
 * ticket's player never sees the staff-only kinds (assignment, ban). Staff change their own
 * messages only; never a system message (assignment, completion…) nor one already deleted.
 */
import { type PlayerMessageKind, STAFF_ONLY_MESSAGE_TYPES } from "../../common/schemas/chatResponses.ts";
import type { ChatMessageRow } from "../db/schema.ts";
import type { Actor } from "./policy.ts";
import { isStaff } from "./policy.ts";
import type { TicketViewer } from "./tickets.ts";

const STAFF_ONLY_TYPES: ReadonlySet<string> = new Set(STAFF_ONLY_MESSAGE_TYPES);

/** Whether a message of this kind is for staff alone. */
export function isStaffOnlyType(type: string): boolean {
  return STAFF_ONLY_TYPES.has(type);
}

export function isVisibleTo<R extends Pick<ChatMessageRow, "type">>(
  row: R,
  viewer: "owner",
): row is R & { type: PlayerMessageKind };
export function isVisibleTo(row: Pick<ChatMessageRow, "type">, viewer: TicketViewer): boolean;
export function isVisibleTo(row: Pick<ChatMessageRow, "type">, viewer: TicketViewer): boolean {
  return viewer === "staff" || (viewer === "owner" && !isStaffOnlyType(row.type));
}

export type MessageChangeRefusal = "forbidden" | "message_not_editable" | null;

export function messageChangeRefusal(user: Actor, message: ChatMessageRow): MessageChangeRefusal {
  if (!isStaff(user) || message.sender_id !== user.id) return "forbidden";
  if (message.type !== "message" || message.deleted === 1) return "message_not_editable";
  return null;
}
