/** /api/tickets: what players do with their tickets (spec 1 §2, §7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DEFAULT_PAGE_SIZE } from "../../common/constants.ts";
import {
  memberTicketHistoryResponse,
  playerTicketResponse,
  searchTicketTemporaryResponse,
  submitMemberTicketResponse,
  submitTemporaryTicketResponse,
} from "../../common/schemas/ticketResponses.ts";
import { memberTicketHistoryBody, searchTicketTemporaryBody, ticketIdBody } from "../../common/schemas/tickets.ts";
import { encodeTicketInfo } from "../../common/ticket-code.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError, parseOr422 } from "../http/errors.ts";
import { currentSession, requestOrigin, requireUser, setSessionCookies } from "../http/session.ts";
import { isMember, isStaff } from "../policies/policy.ts";
import { ticketViewer } from "../policies/tickets.ts";
import { presentSessionUser } from "../presenters/sessionUser.ts";
import { presentPlayerTicket } from "../presenters/ticket.ts";
import { historyPageSize, saveHistoryPageSize } from "../repositories/members.ts";
import { findTicket, memberTicketPage } from "../repositories/tickets.ts";
import type { UserRow } from "../repositories/users.ts";
import { readMultipart } from "../uploads/multipart.ts";
import { completeTicketByMember } from "../usecases/completeTicketByMember.ts";
import { openTemporaryAccess } from "../usecases/openTemporaryAccess.ts";
import { submitMemberTicket } from "../usecases/submitMemberTicket.ts";
import { submitTemporaryTicket } from "../usecases/submitTemporaryTicket.ts";

/** Member-only calls: temporary users and staff get 403 (they know these calls exist). */
function requireMember(user: UserRow): UserRow {
  if (!isMember(user)) throw new AppError("forbidden");
  return user;
}

/** What each call accepts and answers; answers are player views (common/schemas/ticketResponses.ts). */
const schemas = {
  submitMember: { response: { 200: submitMemberTicketResponse } },
  submitTemporary: { response: { 200: submitTemporaryTicketResponse } },
  searchTemporary: { response: { 200: searchTicketTemporaryResponse } },
  history: { response: { 200: memberTicketHistoryResponse } },
  fetch: { body: ticketIdBody, response: { 200: playerTicketResponse } },
  complete: { body: ticketIdBody, response: { 200: playerTicketResponse } },
};

export function ticketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;

  /** The caller's own ticket, or 404 for any ticket they may not know exists. */
  async function ownTicket(user: UserRow, session: Parameters<typeof ticketViewer>[1], ticketId: number) {
    const ticket = await findTicket(db, ticketId);
    if (!ticket || ticketViewer(user, session, ticket) !== "owner") throw new AppError("not_found");
    return ticket;
  }

  return async (app) => {
    app.post("/api/tickets/submit-member-ticket", { schema: schemas.submitMember }, async (request) => {
      const member = requireMember(requireUser(request));
      const ticket = await submitMemberTicket(ctx, request, member);
      return { ticket_id: ticket.id, ticket: presentPlayerTicket(ticket) };
    });

    app.post("/api/tickets/submit-temporary-ticket", { schema: schemas.submitTemporary }, async (request) => {
      // A member or employee files tickets from their own area, not as a visitor.
      if (request.user && (isStaff(request.user) || request.user.type === "normal")) {
        throw new AppError("already_signed_in");
      }
      const ticket = await submitTemporaryTicket(ctx, request);
      return { ticket_id: ticket.id, ticket_info: encodeTicketInfo({ ticketId: ticket.id, email: ticket.email }) };
    });

    app.post("/api/tickets/search-ticket-temporary", { schema: schemas.searchTemporary }, async (request, reply) => {
      // No files belong here: any file part is refused (too_many_files) and removed.
      const { fields } = await readMultipart(request, ctx.uploads, 0);
      const started = await openTemporaryAccess(ctx, {
        body: parseOr422(searchTicketTemporaryBody, fields),
        origin: requestOrigin(request),
        current: currentSession(request),
      });
      setSessionCookies(ctx, reply, started);
      return { ticket: presentPlayerTicket(started.ticket), user: presentSessionUser(started.user, started.session) };
    });

    app.post("/api/tickets/member-ticket-history", { schema: schemas.history }, async (request) => {
      const member = requireMember(requireUser(request));
      const body = parseOr422(memberTicketHistoryBody, request.body ?? {});
      let size = body.entries_per_page;
      if (size === undefined) size = (await historyPageSize(db, member.id)) ?? DEFAULT_PAGE_SIZE.memberTickets;
      else await saveHistoryPageSize(db, member.id, size, nowSeconds());
      const { rows, total } = await memberTicketPage(db, member.id, body.page, size);
      return {
        tickets: rows.map(presentPlayerTicket),
        total_count: total,
        total_pages: Math.max(1, Math.ceil(total / size)),
        page: body.page,
        entries_per_page: size,
      };
    });

    app.post("/api/tickets/fetch-member-ticket", { schema: schemas.fetch }, async (request) => {
      const user = requireUser(request);
      return { ticket: presentPlayerTicket(await ownTicket(user, request.session, request.body.ticket_id)) };
    });

    app.post("/api/tickets/submit-ticket-complete-member", { schema: schemas.complete }, async (request) => {
      const user = requireUser(request);
      const ticket = await ownTicket(user, request.session, request.body.ticket_id);
      // Temporary users may follow their ticket but not close it (spec 1 §2).
      requireMember(user);
      const updated = await completeTicketByMember(ctx, user, ticket, request.ip);
      return { ticket: presentPlayerTicket(updated) };
    });
  };
}
