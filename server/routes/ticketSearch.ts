/**
 * The staff ticket list and search (spec/2-staff-ticket-work.md §2, §7): pagination-search-tickets,
 * advanced-search-tickets, fetch-tagged-chats, fetch-tickets-by-timestamp and the views' counts
 * (fetch-views, docs/decisions/views.md). Staff only (class
 * dev, any rank: common/contract/ticketSearch.ts); bodies are multipart, form-encoded or JSON
 * (uploads/multipart.ts).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdvancedSearchTicketsBody, PaginationSearchTicketsBody } from "../../common/schemas/ticketSearch.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import type { Actor } from "../policies/policy.ts";
import { ticketAbilitiesFor } from "../policies/ticketAbilities.ts";
import { presentStaffTicket } from "../presenters/ticket.ts";
import {
  countTickets,
  type SearchMode,
  searchTicketPage,
  staffEntries,
  type TicketFilter,
  type TicketOrder,
  ticketsByNumber,
} from "../repositories/ticketSearch.ts";
import { countViews, viewFilter } from "../repositories/ticketViews.ts";

/** Every body is a form without files. */
const FORM = { form: { maxFiles: 0 } };

const text = (value: string | undefined, mode: SearchMode) => (value === undefined ? undefined : { value, mode });

/**
 * The request's filters as the repository takes them; `default`, `tagged` and `view` speak of the
 * caller. A view's filters take the place of the body's fields of the same name.
 */
export function filterOf(
  staff: Actor,
  body: PaginationSearchTicketsBody & Partial<AdvancedSearchTicketsBody>,
  now: number,
): TicketFilter {
  return {
    ticketId: body.ticket_id === undefined ? undefined : { value: body.ticket_id, mode: body.ticket_id_mode },
    name: text(body.name, body.name_mode),
    email: text(body.email, body.email_mode),
    characterName: text(body.character_name, body.character_name_mode),
    serverId: body.server,
    categoryId: body.category,
    status: body.status,
    priorityId: body.priority,
    employee: body.default ? staff.id : body.employee,
    taggedFor: body.tagged ? staff.id : undefined,
    subject: body.subject,
    description: body.description,
    chatMessage: body.chatMessage,
    createdSince: body.createdAt !== undefined && body.createdAt >= 0 ? now - body.createdAt : undefined,
    updatedSince: body.lastUpdated !== undefined && body.lastUpdated >= 0 ? now - body.lastUpdated : undefined,
    ...(body.view ? viewFilter(body.view, staff.id) : {}),
  };
}

export function ticketSearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, engine } = ctx.store;

  /** Tickets as this employee sees them, with what they may do on each now. */
  async function present(staff: Actor, tickets: TicketRow[]) {
    const abilities = await ticketAbilitiesFor(db, staff, tickets);
    return tickets.map((ticket) => presentStaffTicket(ticket, abilities(ticket)));
  }

  /** One page and the exact total, with the page's assignees. */
  async function search(staff: Actor, filter: TicketFilter, order: TicketOrder, page: number, size: number) {
    // The count first: how many match decides how SQLite reads the page (repositories/ticketSearch.ts).
    const total = await countTickets(db, engine, filter);
    const offset = (page - 1) * size;
    const rows =
      offset >= total ? [] : await searchTicketPage(db, engine, filter, order, { offset, limit: size, matches: total });
    const assignees = rows.flatMap((r) => (r.assigned_to === null ? [] : [r.assigned_to]));
    return {
      tickets: await present(staff, rows),
      users: await staffEntries(db, assignees),
      total_pages: Math.max(1, Math.ceil(total / size)),
      total_count: total,
    };
  }

  return async (app) => {
    route(app, ctx, "paginationSearchTickets", FORM, async (request) => {
      const staff = requireUser(request);
      const { body } = request;
      const order = { sortBy: body.sort_by ?? "lastUpdated", order: body.order } as const;
      return search(staff, filterOf(staff, body, nowSeconds()), order, body.page, body.entries_per_page);
    });

    route(app, ctx, "advancedSearchTickets", FORM, async (request) => {
      const staff = requireUser(request);
      const { body } = request;
      const order = { sortBy: body.sort_by ?? "lastUpdated", order: body.order } as const;
      return search(staff, filterOf(staff, body, nowSeconds()), order, body.page, body.entries_per_page);
    });

    route(app, ctx, "fetchTaggedChats", FORM, async (request) => {
      const staff = requireUser(request);
      const { body } = request;
      const filter: TicketFilter = {
        employee: body.default ? staff.id : undefined,
        taggedFor: body.tagged ? staff.id : undefined,
      };
      const order = { sortBy: "lastUpdated", order: "desc" } as const;
      return search(staff, filter, order, body.current_page, body.entries_per_page);
    });

    route(app, ctx, "fetchTicketViews", async (request) => ({
      views: await countViews(db, engine, requireUser(request).id),
    }));

    route(app, ctx, "fetchTicketsByTimestamp", FORM, async (request) => ({
      tickets: await present(requireUser(request), await ticketsByNumber(db, request.body.createdAt)),
    }));
  };
}
