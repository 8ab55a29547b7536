/**
 * The notifications a new chat message or note causes (spec/2-staff-ticket-work.md §3, §5), written inside the
 * message's transaction and announced after its commit:
 * - `tag`: a staff member's message or note names other staff as `@name` (common/tags.ts); each
 *   one named is notified once per message, never the writer. A name that matches no staff
 *   member notifies nobody and the text stays as it is.
 * - `new_message`: a player writes on a ticket that has an assignee; the assignee gets one unread
 *   `new_message` notification per ticket at a time, not one per message (docs/decisions/chat.md).
 */
import type { Kysely } from "kysely";
import { taggedStaff } from "../../common/tags.ts";
import type { AppContext } from "../context.ts";
import type { Database, TicketRow } from "../db/schema.ts";
import { insertNewMessageNotification } from "../repositories/newMessageNotifications.ts";
import { insertNotification, type NotificationRow } from "../repositories/notifications.ts";
import type { UserRow } from "../repositories/users.ts";

type Sender = Pick<UserRow, "id" | "class">;

/**
 * Staff who may be tagged: every employee account that is not deleted. Their names are unique in
 * any case (migration 0030), so a tag matches one of them.
 */
function taggableStaff(db: Kysely<Database>) {
  return db
    .selectFrom("users")
    .select(["id", "name"])
    .where("class", "=", "dev")
    .where("deleted", "=", 0)
    .orderBy("id")
    .execute();
}

/** Whether a text may tag staff: a staff member's, with an `@` in it (else no staff need be read). */
export function mayTag(senderClass: UserRow["class"], text: string): boolean {
  return senderClass === "dev" && text.includes("@");
}

/** `tag` notifications for the staff a staff member's text names. */
export async function notifyTagged(
  db: Kysely<Database>,
  input: { text: string; sender: Sender; ticket: TicketRow; now: number },
): Promise<NotificationRow[]> {
  const { text, sender, ticket, now } = input;
  // Players cannot tag: a tag is a call for a colleague's attention.
  if (!mayTag(sender.class, text)) return [];
  // Each tag names the one employee it matched, never everyone whose name folds the same.
  const recipients = taggedStaff(text, await taggableStaff(db)).filter((s) => s.id !== sender.id);
  const rows: NotificationRow[] = [];
  for (const recipient of recipients) {
    rows.push(await insertNotification(db, { userId: recipient.id, type: "tag", ticket, byUserId: sender.id, now }));
  }
  return rows;
}

/**
 * The assignee's `new_message` notification for a player's message (domain/chatMessage.ts says
 * when), unless one for this ticket is still unread (migration 0010).
 */
export async function notifyAssignee(
  db: Kysely<Database>,
  input: { ticket: TicketRow; byUserId: number; now: number },
): Promise<NotificationRow[]> {
  const { ticket, byUserId, now } = input;
  if (ticket.assigned_to === null) return [];
  const row = await insertNewMessageNotification(db, { userId: ticket.assigned_to, ticket, byUserId, now });
  return row ? [row] : [];
}

/** After the commit: each recipient's tabs get the notification and their unread count. */
export function publishNotifications(ctx: AppContext, rows: NotificationRow[], ticket: TicketRow): void {
  for (const notification of rows) ctx.events.publish("notification.created", { notification, ticket });
}
