/**
 * Who may see a profile picture: whoever may see its employee, that is every employee, and the
 * players whose chats that employee wrote in (the chat shows them). A profile is only ever changed
 * by its own user, under profile:view (spec/3-staff-administration.md §2.5; the access of common/contract/account.ts).
 */
import type { Kysely } from "kysely";
import { STAFF_ONLY_MESSAGE_TYPES } from "../../common/schemas/chatResponses.ts";
import type { Database } from "../db/schema.ts";
import { wroteToPlayer } from "../repositories/profile.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import { type Actor, isMember, isStaff, isTemporary } from "./policy.ts";

export async function mayViewAvatar(
  db: Kysely<Database>,
  viewer: Actor,
  session: Pick<SessionRow, "kind" | "ticket_id">,
  staffId: number,
): Promise<boolean> {
  if (isStaff(viewer)) return true;
  if (isMember(viewer)) return wroteToPlayer(db, staffId, { ownerId: viewer.id }, STAFF_ONLY_MESSAGE_TYPES);
  if (isTemporary(viewer) && session.kind === "temp" && session.ticket_id !== null) {
    return wroteToPlayer(db, staffId, { ownerId: viewer.id, ticketId: session.ticket_id }, STAFF_ONLY_MESSAGE_TYPES);
  }
  return false;
}
