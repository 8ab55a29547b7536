/**
 * Who may change a profile and who may see a profile picture. A profile is only ever its own
 * user's (spec 3 §2.5 under profile:view); a picture is seen by whoever may see its employee:
 * every employee, and the players whose chats that employee wrote in (the chat shows them).
 */
import type { Kysely } from "kysely";
import { STAFF_ONLY_MESSAGE_TYPES } from "../../common/schemas/chatResponses.ts";
import type { Database } from "../db/schema.ts";
import { wroteToPlayer } from "../repositories/profile.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import { type Actor, isMember, isStaff, isTemporary, requirePermission } from "./policy.ts";

/** The one profile a caller may change: their own, with profile:view. */
export function requireOwnProfile(db: Kysely<Database>, user: Actor | null): Promise<Actor> {
  return requirePermission(db, user, "profile:view");
}

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
