/**
 * Assign a ticket (spec/2-staff-ticket-work.md §4, §6): change its category and/or employee. Assignee or admin, only
 * while open. The dev rank does not choose the employee (Auto, or keep the current one); the
 * category must be one the employee handles unless they are an admin; the new assignee must
 * handle the category and the ticket's server; Auto (no devId) picks one of those at random.
 *
 * Written together: the ticket, an `assignment` message (staff only), a `category_change` message
 * when the category changes, and an `assignment` notification for the new assignee (never for
 * oneself). Then announced: messages, ticket.updated, ticket.assigned, notification.created.
 */
import { randomInt } from "node:crypto";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { ChatMessageRow, TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  eligibleAssignees,
  requireCategoryChoice,
  requireEmployeeChoice,
  requireOpenTicketActor,
} from "../policies/staffTickets.ts";
import { insertNotification, type NotificationRow } from "../repositories/notifications.ts";
import { categoriesOf, listActiveStaff } from "../repositories/staff.ts";
import { applyTransition } from "../repositories/ticketTransitions.ts";
import {
  insertSystemMessage,
  lostRace,
  requireTransition,
  type StaffActor,
  ticketOr404,
} from "./ticketActionSupport.ts";
import { requireOpenCategory } from "./ticketCategory.ts";

export interface AssignTicketInput {
  ticketId: number;
  /** Undefined: Auto. */
  devId: number | undefined;
  /** The category after the assignment; undefined: the ticket's own, as it is when the ticket is read. */
  category: number | undefined;
  ip: string;
}

/**
 * What an assignment of `ticket` into `category` must pass before its employee is looked at: the
 * caller acts on the open ticket, and a new category is live, enabled and one they may choose.
 * The assign call and the list of its eligible assignees (listAssignees.ts) both ask it.
 */
export async function requireAssignment(
  ctx: AppContext,
  actor: StaffActor,
  ticket: TicketRow,
  category: number,
): Promise<void> {
  requireOpenTicketActor(actor, ticket);
  requireTransition("assign", ticket);
  if (category !== ticket.category_id) {
    await requireOpenCategory(ctx.store.db, ctx.store.engine, category, "category");
    requireCategoryChoice(actor, category, await categoriesOf(ctx.store.db, actor.id));
  }
}

export async function assignTicket(ctx: AppContext, actor: StaffActor, input: AssignTicketInput): Promise<TicketRow> {
  const db = ctx.store.db;
  const ticket = await ticketOr404(db, input.ticketId);
  const category = input.category ?? ticket.category_id;
  await requireAssignment(ctx, actor, ticket, category);
  const categoryChanged = category !== ticket.category_id;
  requireEmployeeChoice(actor, input.devId, ticket);

  const now = nowSeconds();
  let assignee: number | null;
  if (input.devId !== undefined && input.devId === ticket.assigned_to) {
    assignee = ticket.assigned_to; // keep the employee: a category change only
    if (!categoryChanged) return ticket;
  } else {
    const eligible = eligibleAssignees(await listActiveStaff(db, now), category, ticket.server_id, ticket.assigned_to);
    if (input.devId === undefined) {
      if (!eligible.length) throw new AppError("no_eligible_assignee");
      assignee = eligible[randomInt(eligible.length)]!.id;
    } else {
      if (!eligible.some((s) => s.id === input.devId)) throw new AppError("assignee_not_eligible");
      assignee = input.devId;
    }
  }

  const updated = await writeAssignment(ctx, actor, ticket, { assignee, category, ip: input.ip, now });
  return updated ?? lostRace(db, "assign", ticket);
}

export interface AssignmentWrite {
  assignee: number | null;
  category: number;
  ip: string;
  now: number;
}

/**
 * Hands an open ticket to `assignee` (and `category`): the guarded UPDATE (the assignee the
 * caller saw must still be the one), the staff-only `assignment` message, a `category_change`
 * message, the new assignee's notification, then the events. Undefined when the ticket changed
 * meanwhile. Shared by the ticket page's assignment and the staff list's disperse.
 */
export async function writeAssignment(
  ctx: AppContext,
  actor: StaffActor,
  ticket: TicketRow,
  { assignee, category, ip: origin, now }: AssignmentWrite,
): Promise<TicketRow | undefined> {
  const db = ctx.store.db;
  const categoryChanged = category !== ticket.category_id;
  const ip = origin || "NOT FOUND";
  const result = await db.transaction().execute(async (trx) => {
    const updated = await applyTransition(
      trx,
      ticket.id,
      "assign",
      { assigned_to: assignee, category_id: category, last_updated: now },
      { assignedTo: ticket.assigned_to },
    );
    if (!updated) return null;
    if (categoryChanged) await requireOpenCategory(trx, ctx.store.engine, category, "category");
    const messages: ChatMessageRow[] = [
      await insertSystemMessage(trx, updated, actor, "assignment", now, {
        from_user: ticket.assigned_to,
        to_user: assignee,
        prev_category: ticket.category_id,
        new_category: category,
        ip_origin: ip,
      }),
    ];
    if (categoryChanged) {
      messages.push(
        await insertSystemMessage(trx, updated, actor, "category_change", now, {
          prev_category: ticket.category_id,
          new_category: category,
          ip_origin: ip,
        }),
      );
    }
    let notification: NotificationRow | null = null;
    if (assignee !== null && assignee !== ticket.assigned_to && assignee !== actor.id) {
      notification = await insertNotification(trx, {
        userId: assignee,
        type: "assignment",
        ticket: updated,
        byUserId: actor.id,
        now,
      });
    }
    return { updated, messages, notification };
  });
  if (!result) return undefined;
  const { updated, messages, notification } = result;
  for (const message of messages) ctx.events.publish("message.created", { ticket: updated, message });
  ctx.events.publish("ticket.updated", { ticket: updated });
  if (updated.assigned_to !== ticket.assigned_to) {
    ctx.events.publish("ticket.assigned", {
      ticket: updated,
      previousAssignee: ticket.assigned_to,
      byUserId: actor.id,
    });
  }
  if (notification) ctx.events.publish("notification.created", { notification, ticket: updated });
  return updated;
}
