/**
 * Edit a ticket's category and priority (spec/2-staff-ticket-work.md §2, §6): open, the assignee or an admin; ended,
 * the closer or an admin. A new category must be one the editor handles (admins: any). A change
 * of category leaves a category_change message in the chat. Not a status change: the guard is
 * the category and priority the editor saw.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { ChatMessageRow, TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireCategoryChoice, requireTicketEditor } from "../policies/staffTickets.ts";
import { categoriesOf, findLivePriority } from "../repositories/staff.ts";
import { insertSystemMessage, type StaffActor, ticketOr404 } from "./ticketActionSupport.ts";
import { requireOpenCategory } from "./ticketCategory.ts";

export interface UpdateTicketInput {
  ticketId: number;
  category: number;
  priority: number;
  ip: string;
}

function unknownChoice(field: string, msg: string): AppError {
  return new AppError("validation", [{ loc: ["body", field], msg, type: "not_found" }]);
}

export async function updateTicket(ctx: AppContext, actor: StaffActor, input: UpdateTicketInput): Promise<TicketRow> {
  const db = ctx.store.db;
  const ticket = await ticketOr404(db, input.ticketId);
  requireTicketEditor(actor, ticket);
  const categoryChanged = input.category !== ticket.category_id;
  const priorityChanged = input.priority !== ticket.priority_id;
  if (categoryChanged) {
    await requireOpenCategory(db, ctx.store.engine, input.category, "new_category");
    requireCategoryChoice(actor, input.category, await categoriesOf(db, actor.id));
  }
  if (priorityChanged && !(await findLivePriority(db, input.priority)))
    throw unknownChoice("new_priority", "This priority does not exist.");
  if (!categoryChanged && !priorityChanged) return ticket;

  const now = nowSeconds();
  const result = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("tickets")
      .set({ category_id: input.category, priority_id: input.priority, last_updated: now })
      .where("id", "=", ticket.id)
      .where("category_id", "=", ticket.category_id)
      .where("priority_id", "=", ticket.priority_id)
      .where("status", "=", ticket.status)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return null;
    if (categoryChanged) await requireOpenCategory(trx, ctx.store.engine, input.category, "new_category");
    let message: ChatMessageRow | null = null;
    if (categoryChanged) {
      message = await insertSystemMessage(trx, updated, actor, "category_change", now, {
        prev_category: ticket.category_id,
        new_category: input.category,
        ip_origin: input.ip || "NOT FOUND",
      });
    }
    return { updated, message };
  });
  if (!result) throw new AppError("ticket_changed");
  if (result.message) ctx.events.publish("message.created", { ticket: result.updated, message: result.message });
  ctx.events.publish("ticket.updated", { ticket: result.updated });
  return result.updated;
}
