/** SQL of a staff member's own profile: name, e-mail, picture, and who may see a picture. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { UserRow } from "./users.ts";

/** Whether an account (member or employee, deleted ones too: the unique index counts them) has this e-mail. */
export async function accountEmailTaken(db: Kysely<Database>, email: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .where("type", "=", "normal")
    .where("id", "!=", exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

type ProfileChange = Partial<Pick<UserRow, "name" | "email" | "avatar" | "password_hash" | "password_generated">>;

/** Writes one profile change and answers the whole row as it now is. */
export function updateProfile(db: Kysely<Database>, id: number, change: ProfileChange, now: number): Promise<UserRow> {
  return db
    .updateTable("users")
    .set({ ...change, updated_at: now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The active employee whose picture this is (avatars are staff-only: players have no profile page). */
export function findStaffByAvatar(db: Kysely<Database>, avatar: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom("users")
    .select("id")
    .where("class", "=", "dev")
    .where("deleted", "=", 0)
    .where("avatar", "=", avatar)
    .executeTakeFirst();
}

/**
 * Whether an employee wrote a message a player sees in one of the player's tickets: the chat
 * shows that employee's name and picture to the player. `owner` is a member's id; `ticketId`
 * narrows it to the one ticket of a temporary session.
 */
export async function wroteToPlayer(
  db: Kysely<Database>,
  staffId: number,
  scope: { ownerId: number; ticketId?: number },
  staffOnlyTypes: readonly string[],
): Promise<boolean> {
  let query = db
    .selectFrom("tickets")
    .innerJoin("chat_messages", "chat_messages.ticket_id", "tickets.id")
    .select("chat_messages.id")
    .where("tickets.user_id", "=", scope.ownerId)
    .where("chat_messages.sender_id", "=", staffId)
    .where("chat_messages.type", "not in", [...staffOnlyTypes] as never);
  if (scope.ticketId !== undefined) query = query.where("tickets.id", "=", scope.ticketId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
