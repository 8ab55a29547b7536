/** What the staff ticket actions share: loading the ticket, the refusal after a lost race, the system message. */
import type { Kysely } from "kysely";
import type { ChatMessageRow, ChatMessageType, Database, TicketRow } from "../db/schema.ts";
import { canApply, transitionRefusal as refusalOf, type TicketAction } from "../domain/ticketStatus.ts";
import { AppError } from "../errors.ts";
import { insertMessage } from "../repositories/chat.ts";
import { findTicket } from "../repositories/tickets.ts";

/** The employee acting, as the use cases need them. */
export interface StaffActor {
  id: number;
  name: string;
  class: "dev" | "user";
  rank: "admin" | "mod" | "dev" | "user";
  type: "normal" | "temp";
}

/** Staff see every ticket: one that does not exist is 404. */
export async function ticketOr404(db: Kysely<Database>, ticketId: number): Promise<TicketRow> {
  const ticket = await findTicket(db, ticketId);
  if (!ticket) throw new AppError("not_found", "Ticket not found.");
  return ticket;
}

/** Why `action` cannot run on a ticket in this state (before the write, or after a lost race). */
export function transitionRefusal(action: TicketAction, ticket: TicketRow): AppError {
  return new AppError(refusalOf(action, ticket.status));
}

export function requireTransition(action: TicketAction, ticket: TicketRow): void {
  if (!canApply(action, ticket.status)) throw transitionRefusal(action, ticket);
}

/** After a guarded UPDATE found no row: read again and say why. */
export async function lostRace(db: Kysely<Database>, action: TicketAction, ticket: TicketRow): Promise<never> {
  const current = (await findTicket(db, ticket.id)) ?? ticket;
  const refusal = transitionRefusal(action, current);
  throw refusal;
}

/** A system message of the ticket's chat, written by the acting employee. */
export function insertSystemMessage(
  db: Kysely<Database>,
  ticket: TicketRow,
  actor: StaffActor,
  type: ChatMessageType,
  now: number,
  values: Partial<
    Pick<ChatMessageRow, "from_user" | "to_user" | "prev_category" | "new_category" | "completed_status" | "ip_origin">
  > = {},
): Promise<ChatMessageRow> {
  return insertMessage(db, {
    ticket_id: ticket.id,
    type,
    sender_id: actor.id,
    sender_name: actor.name,
    user_class: "dev",
    message: "",
    timestamp: now,
    ...values,
  });
}
