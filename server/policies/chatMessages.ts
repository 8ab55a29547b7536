/**
 * Who may change a chat message (spec 2 §6): staff, their own messages only; never a system
 * message (assignment, completion…) nor one already deleted.
 */
import type { ChatMessageRow } from "../db/schema.ts";
import type { Actor } from "./policy.ts";
import { isStaff } from "./policy.ts";

export type MessageChangeRefusal = "forbidden" | "message_not_editable" | null;

export function messageChangeRefusal(user: Actor, message: ChatMessageRow): MessageChangeRefusal {
  if (!isStaff(user) || message.sender_id !== user.id) return "forbidden";
  if (message.type !== "message" || message.deleted === 1) return "message_not_editable";
  return null;
}
