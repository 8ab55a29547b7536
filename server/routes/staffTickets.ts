/**
 * The staff ticket page's calls (spec/2-staff-ticket-work.md §7): fetch, edit, assign, hold, complete, reopen, retain,
 * the fast-action excuses, and the staff list (fetch-devs); the ticket list's bulk action. Staff only, by their access in
 * common/contract/staffTickets.ts: a player gets 403 (they know these calls exist), anonymous 401,
 * whatever they send. Each route: schema → policy (in the use case) → use case → presenter.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { employeeAbilitiesFor } from "../policies/employeeAbilities.ts";
import { requirePermission } from "../policies/policy.ts";
import { abilitiesOn } from "../policies/ticketAbilities.ts";
import { presentStaffListEmployee } from "../presenters/employee.ts";
import { presentFastActionExcuses } from "../presenters/setup.ts";
import { presentStaffTicketFull, presentTicketPlayer } from "../presenters/staffTicket.ts";
import { listEmployees } from "../repositories/employees.ts";
import { listActiveStaff, listFastActionExcuses } from "../repositories/staff.ts";
import { findTicket } from "../repositories/tickets.ts";
import { findUserById, type UserRow } from "../repositories/users.ts";
import { assignTicket } from "../usecases/assignTicket.ts";
import { bulkTicketAction } from "../usecases/bulkTicketAction.ts";
import { completeTicketByStaff } from "../usecases/completeTicketByStaff.ts";
import { holdTicket } from "../usecases/holdTicket.ts";
import { listAssignees } from "../usecases/listAssignees.ts";
import { reopenTicket } from "../usecases/reopenTicket.ts";
import { setRetainAttachments } from "../usecases/setRetainAttachments.ts";
import { updateTicket } from "../usecases/updateTicket.ts";

export function staffTicketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;

  /** The ticket as this employee sees it, with what they may do on it now. */
  async function present(actor: UserRow, ticket: TicketRow) {
    return presentStaffTicketFull(ticket, await abilitiesOn(db, actor, ticket));
  }

  return async (app) => {
    route(app, ctx, "fetchStaffTicket", async (request) => {
      const actor = requireUser(request);
      const { ticket_id, email, createdAt } = request.body;
      const ticket = await findTicket(db, ticket_id);
      // The page's link names the ticket by id, e-mail and number: a link that does not match finds nothing.
      const mismatch =
        !ticket ||
        (email !== undefined && email.trim().toLowerCase() !== ticket.email.toLowerCase()) ||
        (createdAt !== undefined && createdAt !== ticket.created_at);
      if (mismatch) throw new AppError("not_found", "Ticket not found.");
      const player = await findUserById(db, ticket.user_id);
      return { ticket: await present(actor, ticket), user: presentTicketPlayer(ticket, player) };
    });

    route(app, ctx, "updateTicket", async (request) => {
      const { ticket_id, new_category, new_priority } = request.body;
      const actor = requireUser(request);
      const ticket = await updateTicket(ctx, actor, {
        ticketId: ticket_id,
        category: new_category,
        priority: new_priority,
        ip: request.ip,
      });
      return { ticket: await present(actor, ticket) };
    });

    route(app, ctx, "assignTicket", async (request) => {
      const { ticketId, devId, category } = request.body;
      const actor = requireUser(request);
      const ticket = await assignTicket(ctx, actor, { ticketId, devId, category, ip: request.ip });
      return { ticket: await present(actor, ticket) };
    });

    route(app, ctx, "fetchAssignees", async (request) => {
      const { ticket_id, category } = request.body;
      const assignees = await listAssignees(ctx, requireUser(request), { ticketId: ticket_id, category });
      return { assignees: assignees.map(({ id, name }) => ({ id, name })) };
    });

    route(app, ctx, "reopenTicket", async (request) => {
      const { ticket_id, for_reply } = request.body;
      const actor = requireUser(request);
      const ticket = await reopenTicket(ctx, actor, {
        ticketId: ticket_id,
        forReply: for_reply,
        ip: request.ip,
      });
      return { ticket_data: await present(actor, ticket) };
    });

    route(app, ctx, "holdTicket", async (request) => {
      const actor = requireUser(request);
      const ticket = await holdTicket(ctx, actor, request.body.ticket_id, request.body.hold_until ?? null);
      return { ticket_data: await present(actor, ticket) };
    });

    route(app, ctx, "submitTicketComplete", async (request) => {
      const { ticket_id, action, excuse } = request.body;
      const actor = requireUser(request);
      const ticket = await completeTicketByStaff(ctx, actor, {
        ticketId: ticket_id,
        action,
        excuse,
        ip: request.ip,
      });
      return { ticket_data: await present(actor, ticket) };
    });

    // Each ticket through its single action; refusals are part of the answer, not an error.
    route(app, ctx, "bulkTicketAction", async (request) =>
      bulkTicketAction(ctx, requireUser(request), { ...request.body, ip: request.ip }),
    );

    route(app, ctx, "setRetainAttachments", async (request) => {
      const actor = requireUser(request);
      const { ticket_id, is_retain } = request.body;
      const ticket = await setRetainAttachments(ctx, { ticketId: ticket_id, retain: is_retain });
      return { ticket: await present(actor, ticket) };
    });

    route(app, ctx, "fetchFastActionExcuses", async () => ({
      fast_action_excuses: presentFastActionExcuses(await listFastActionExcuses(db)),
    }));

    route(app, ctx, "fetchDevs", async (request) => {
      const user = requireUser(request);
      // scope=all is the staff list (spec/3-staff-administration.md §2.2): every employee, disabled ones too, with e-mail.
      if (request.query.scope === "all") {
        await requirePermission(db, user, "users:view");
        const now = nowSeconds();
        const records = await listEmployees(db);
        const abilities = await employeeAbilitiesFor(
          db,
          user,
          records.map((r) => r.user),
        );
        return {
          devs: records.map((record) => presentStaffListEmployee(record, now, abilities.of(record.user))),
          abilities: abilities.list,
        };
      }
      return { devs: await listActiveStaff(db, nowSeconds()) };
    });
  };
}
