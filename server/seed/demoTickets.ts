/**
 * Turns the demo ticket script into rows: the ticket, its chat (with system messages for
 * reassignment, category change, ban and completion), notes, the ban log, the staff's chat list
 * and notifications. Derived columns (last message, first reply, read flags) follow from the chat.
 */
import type { Insertable, Kysely, Selectable } from "kysely";
import { ACTIVE_STATUSES, BAN_DURATIONS } from "../../common/constants.ts";
import type { ChatMessagesTable, Database, TicketRow, UsersTable } from "../db/schema.ts";
import { freeTicketNumber } from "../db/ticketNumber.ts";
import type { MemberKey, StaffKey } from "./demoPeople.ts";
import { DEMO_TICKETS, type DemoTicket } from "./demoTicketData.ts";

export interface DemoRefs {
  staff: Record<StaffKey, Selectable<UsersTable>>;
  members: Record<MemberKey, Selectable<UsersTable>>;
  categories: Map<string, number>;
  servers: Map<string, number>;
  priorities: Map<string, number>;
  defaultPriority: number;
}

// Documentation address ranges (RFC 5737), so the demo never shows a real person's address.
const PLAYER_IP = "203.0.113.";
const STAFF_IP = "198.51.100.7";
const NOTIFICATION_LIFETIME = 30 * 86_400;

type Message = Insertable<ChatMessagesTable> & { timestamp: number };

// A multi-row insert on SQLite writes NULL (not the column default) where a row lacks a key that
// another row has, so every message spells out the defaulted columns.
const MESSAGE_DEFAULTS = {
  sender_name: "",
  message: "",
  attachments: "[]",
  edited: 0,
  read: 0,
  deleted: 0,
  ip_origin: "",
};

export async function insertDemoTickets(db: Kysely<Database>, refs: DemoRefs, now: number): Promise<TicketRow[]> {
  const tickets: TicketRow[] = [];
  for (const [index, script] of DEMO_TICKETS.entries()) {
    tickets.push(await insertOne(db, refs, script, now, `${PLAYER_IP}${10 + index}`));
  }
  return tickets;
}

function lookup(map: Map<string, number>, title: string): number {
  const id = map.get(title);
  if (id === undefined) throw new Error(`Demo seed: '${title}' is missing; run the base seed first`);
  return id;
}

async function insertOne(
  db: Kysely<Database>,
  refs: DemoRefs,
  script: DemoTicket,
  now: number,
  playerIp: string,
): Promise<TicketRow> {
  const member = refs.members[script.by];
  const assignee = script.assignee ? refs.staff[script.assignee] : undefined;
  const categoryId = lookup(refs.categories, script.category);
  const created = await freeTicketNumber(db, now - script.hoursAgo * 3600);
  const at = (minutes: number) => created + minutes * 60;
  const staff = (key: StaffKey) => refs.staff[key];
  const fromPlayer = {
    sender_id: member.id,
    sender_name: member.name,
    user_class: "user" as const,
    ip_origin: playerIp,
  };
  const fromStaff = (key: StaffKey) => ({
    sender_id: staff(key).id,
    sender_name: staff(key).name,
    user_class: "dev" as const,
    ip_origin: STAFF_IP,
  });

  const messages: Message[] = [];
  if (script.reassignedFrom && assignee) {
    messages.push({
      ...fromStaff(script.reassignedFrom),
      ticket_id: 0,
      type: "assignment",
      timestamp: at(1),
      from_user: staff(script.reassignedFrom).id,
      to_user: assignee.id,
    });
  }
  if (script.movedFrom && script.assignee) {
    messages.push({
      ...fromStaff(script.assignee),
      ticket_id: 0,
      type: "category_change",
      timestamp: at(2),
      prev_category: lookup(refs.categories, script.movedFrom),
      new_category: categoryId,
    });
  }
  for (const line of script.chat) {
    const sender = line.from === "player" ? fromPlayer : fromStaff(line.from);
    messages.push({ ...sender, ticket_id: 0, type: "message", message: line.text, timestamp: at(line.at) });
  }
  if (script.ban) {
    messages.push({
      ...fromStaff(script.ban.by),
      ticket_id: 0,
      type: "ban_message",
      message: script.ban.reason,
      banned: 1,
      timestamp: at(script.ban.at),
    });
  }
  const ending = script.ending;
  if (ending) {
    const base = { ticket_id: 0, timestamp: at(ending.at), message: ending.excuse ?? "" };
    if (ending.by === "member") messages.push({ ...fromPlayer, ...base, type: "member_resolved" });
    else if (ending.by === "AUTO") {
      messages.push({
        ...base,
        type: "completion",
        sender_name: "AUTO",
        user_class: "dev",
        completed_status: "CLOSED",
      });
    } else messages.push({ ...fromStaff(ending.by), ...base, type: "completion", completed_status: ending.action });
  }
  messages.sort((a, b) => a.timestamp - b.timestamp);
  markRead(messages, script.ending !== undefined);

  const chat = messages.filter((m) => m.type === "message");
  const last = chat.at(-1);
  const firstReply = chat.find((m) => m.user_class === "dev");
  const endedBy = ending
    ? ending.by === "AUTO"
      ? "AUTO"
      : String((ending.by === "member" ? member : staff(ending.by)).id)
    : null;

  const ticket = await db
    .insertInto("tickets")
    .values({
      created_at: created,
      last_updated: Math.max(created, ...messages.map((m) => m.timestamp)),
      user_id: member.id,
      email: member.email,
      name: member.name,
      category_id: categoryId,
      priority_id: script.priority ? lookup(refs.priorities, script.priority) : refs.defaultPriority,
      server_id: lookup(refs.servers, script.server),
      status: script.status,
      character_name: script.character ?? "",
      violaters_name: script.violater ?? null,
      subject: script.subject,
      description: script.description,
      assigned_to: assignee?.id ?? null,
      resolved_by: ending?.action === "RESOLVED" ? endedBy : null,
      closed_by: ending?.action === "CLOSED" ? endedBy : null,
      excuse: ending?.excuse ?? null,
      ticket_type: member.type === "temp" ? "other" : "member",
      type: member.type,
      banned: script.ban ? 1 : 0,
      ip_origin: playerIp,
      last_message_at: last?.timestamp ?? null,
      last_message_from: last ? (last.user_class === "dev" ? "staff" : "user") : null,
      last_message_by: last?.sender_id ?? null,
      first_reply_at: firstReply?.timestamp ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  if (messages.length > 0) {
    await db
      .insertInto("chat_messages")
      .values(messages.map((m) => ({ ...MESSAGE_DEFAULTS, ...m, ticket_id: ticket.id })))
      .execute();
  }
  const notes = script.notes ?? [];
  if (notes.length > 0) {
    await db
      .insertInto("notes")
      .values(
        notes.map((note, i) => ({
          ...fromStaff(note.by),
          ticket_id: ticket.id,
          type: "note" as const,
          message: note.text,
          timestamp: at(note.at),
          read: i < notes.length - 1 ? 1 : 0,
        })),
      )
      .execute();
  }
  if (script.ban) await insertBan(db, script.ban, member, ticket, staff(script.ban.by), at(script.ban.at));
  await insertStaffViews(db, refs, script, ticket, messages);
  return ticket;
}

/** A message counts as read once the other side has written after it; everything on an ended ticket is read. */
function markRead(messages: Message[], ended: boolean): void {
  messages.forEach((message, i) => {
    const answered = messages
      .slice(i + 1)
      .some((later) => later.type === "message" && later.user_class !== message.user_class);
    message.read = ended || answered || message.type !== "message" ? 1 : 0;
  });
}

async function insertBan(
  db: Kysely<Database>,
  ban: NonNullable<DemoTicket["ban"]>,
  member: Selectable<UsersTable>,
  ticket: TicketRow,
  banner: Selectable<UsersTable>,
  timestamp: number,
): Promise<void> {
  const until = timestamp + BAN_DURATIONS["7d"];
  await db
    .insertInto("ban_logs")
    .values({
      ticket_id: ticket.id,
      user_id: member.id,
      email: member.email,
      reason: ban.reason,
      banner_id: banner.id,
      ban_time: BAN_DURATIONS["7d"],
      timestamp,
      until,
      active: 1,
    })
    .execute();
  await db.updateTable("users").set({ banned: 1, banned_until: until }).where("id", "=", member.id).execute();
}

/** Chat lists and notifications of the staff involved; tags come from '@Name' in notes. */
async function insertStaffViews(
  db: Kysely<Database>,
  refs: DemoRefs,
  script: DemoTicket,
  ticket: TicketRow,
  messages: Message[],
): Promise<void> {
  const assignee = script.assignee ? refs.staff[script.assignee] : undefined;
  const active = ACTIVE_STATUSES.includes(ticket.status);
  const notify = (
    userId: number,
    type: "assignment" | "new_message" | "tag",
    at: number,
    by: number | null,
    read: boolean,
  ) =>
    db
      .insertInto("notifications")
      .values({
        user_id: userId,
        type,
        ticket_id: ticket.id,
        ticket_created_at: ticket.created_at,
        by_user_id: by,
        timestamp: at,
        expires: at + NOTIFICATION_LIFETIME,
        seen: read ? 1 : 0,
        read: read ? 1 : 0,
      })
      .execute();

  if (assignee) {
    const by = script.reassignedFrom ? refs.staff[script.reassignedFrom].id : null;
    await notify(assignee.id, "assignment", ticket.created_at + 60, by, ticket.status !== "NEW TICKET");
    const last = messages.filter((m) => m.type === "message").at(-1);
    if (active && last && last.user_class === "user") {
      await notify(assignee.id, "new_message", last.timestamp, null, false);
    }
    if (active) {
      const pinned = script.priority === "High" || script.priority === "Urgent";
      await db
        .insertInto("active_chats")
        .values({
          user_id: assignee.id,
          ticket_id: ticket.id,
          pinned: pinned ? 1 : 0,
          added_at: ticket.created_at + 60,
        })
        .execute();
    }
  }
  // Whoever handed the ticket on keeps it in their chat list to follow it.
  if (active && script.reassignedFrom) {
    await db
      .insertInto("active_chats")
      .values({
        user_id: refs.staff[script.reassignedFrom].id,
        ticket_id: ticket.id,
        pinned: 0,
        added_at: ticket.created_at,
      })
      .execute();
  }
  for (const note of script.notes ?? []) {
    for (const person of Object.values(refs.staff)) {
      if (!note.text.includes(`@${person.name}`)) continue;
      await notify(person.id, "tag", ticket.created_at + note.at * 60, refs.staff[note.by].id, false);
    }
  }
}
