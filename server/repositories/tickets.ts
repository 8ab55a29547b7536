/** SQL for tickets as players file and follow them. */
import { type Insertable, type Kysely, sql } from "kysely";
import { ENDED_STATUSES } from "../../common/constants.ts";
import { compiledOnce } from "../db/compiledOnce.ts";
import type { ChatMessageRow, Database, TicketRow, TicketsTable } from "../db/schema.ts";
import { allocateTicketNumber } from "../db/ticketNumber.ts";
import { applyTransition } from "./ticketTransitions.ts";

const ticketById = compiledOnce((db, { id }: { id: number }) =>
  db.selectFrom("tickets").selectAll().where("id", "=", id),
);

/** A ticket by id: read several times for every chat message, so compiled once. */
export async function findTicket(db: Kysely<Database>, id: number): Promise<TicketRow | undefined> {
  return (await ticketById(db, { id })).rows[0];
}

/**
 * A temporary user's ticket by its reference and e-mail (any case). The reference is the ticket
 * number the visitor was shown (created_at), or the ticket id that earlier versions showed; the
 * number wins should both ever match one e-mail.
 */
export function findTemporaryTicket(
  db: Kysely<Database>,
  reference: number,
  email: string,
): Promise<TicketRow | undefined> {
  return db
    .selectFrom("tickets")
    .selectAll()
    .where((eb) => eb.or([eb("created_at", "=", reference), eb("id", "=", reference)]))
    .where("type", "=", "temp")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .orderBy(sql`case when created_at = ${reference} then 0 else 1 end`)
    .executeTakeFirst();
}

/** Tickets of a user that are still ACTIVE (neither RESOLVED nor CLOSED). */
export async function countActiveTickets(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("tickets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "not in", ENDED_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Tickets a user filed since `since`. Counted from the table itself, so the limit holds across
 * nodes without a shared cache. created_at can run a few seconds ahead of the clock (numbers are
 * unique), which only makes the window slightly wider.
 */
export async function countTicketsSince(db: Kysely<Database>, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom("tickets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type NewTicket = Omit<Insertable<TicketsTable>, "created_at" | "last_updated">;

/**
 * Inserts a ticket numbered `now`, or the next number after the last one taken (allocated in one
 * statement, so concurrent submissions never collide). Call inside the transaction that writes
 * the ticket's other rows: a rollback then gives the number back.
 */
export async function insertTicket(db: Kysely<Database>, values: NewTicket, now: number): Promise<TicketRow> {
  const number = await allocateTicketNumber(db, now);
  return db
    .insertInto("tickets")
    .values({ ...values, created_at: number, last_updated: number })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A member's own tickets, last activity first: a ticket staff just answered comes to the top. */
export function memberTicketsByActivity(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("tickets")
    .selectAll()
    .where("user_id", "=", userId)
    .where("type", "=", "normal")
    .orderBy("last_updated", "desc")
    .orderBy("created_at", "desc");
}

/** A member's own tickets, last activity first, one page of them and the total. */
export async function memberTicketPage(db: Kysely<Database>, userId: number, page: number, size: number) {
  const [rows, total] = await Promise.all([
    memberTicketsByActivity(db, userId)
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom("tickets")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("type", "=", "normal")
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * Marks a ticket RESOLVED by its member, only from a status where that is allowed; answers the
 * updated row, or undefined when the ticket was not in such a status (checked in the same
 * statement, so two clicks or a staff action in between cannot both win).
 */
export function resolveTicketByMember(
  db: Kysely<Database>,
  ticketId: number,
  memberId: number,
  now: number,
): Promise<TicketRow | undefined> {
  return applyTransition(db, ticketId, "memberResolve", { resolved_by: String(memberId), last_updated: now });
}

/** The system message that tells the chat a member marked the ticket solved. */
export function insertMemberResolvedMessage(
  db: Kysely<Database>,
  ticket: TicketRow,
  member: { id: number; name: string },
  ip: string,
  now: number,
): Promise<ChatMessageRow> {
  return db
    .insertInto("chat_messages")
    .values({
      ticket_id: ticket.id,
      type: "member_resolved",
      sender_id: member.id,
      sender_name: member.name,
      user_class: "user",
      message: "",
      timestamp: now,
      ip_origin: ip,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
