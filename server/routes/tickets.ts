/** /api/tickets: what players do with their tickets (spec 1 §2, §7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DEFAULT_PAGE_SIZE } from "../../common/constants.ts";
import {
  memberRecentTicketsResponse,
  memberTicketHistoryResponse,
  playerTicketResponse,
  playerUnreadResponse,
  searchTicketTemporaryResponse,
  submitMemberTicketResponse,
  submitTemporaryTicketResponse,
} from "../../common/schemas/ticketResponses.ts";
import {
  memberTicketHistoryBody,
  searchTicketTemporaryBody,
  submitMemberTicketBody,
  submitTemporaryTicketBody,
  ticketIdBody,
} from "../../common/schemas/tickets.ts";
import { encodeTicketInfo } from "../../common/ticket-code.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError, parseOr422 } from "../http/errors.ts";
import { currentSession, requestOrigin, requireUser, setSessionCookies } from "../http/session.ts";
import { signalScope } from "../policies/playerSignals.ts";
import { isMember, isStaff } from "../policies/policy.ts";
import { ticketViewer } from "../policies/tickets.ts";
import { presentPlayerListTicket, presentPlayerTicketSignal } from "../presenters/playerSignal.ts";
import { presentSessionUser } from "../presenters/sessionUser.ts";
import { presentPlayerTicket } from "../presenters/ticket.ts";
import { historyPageSize, saveHistoryPageSize } from "../repositories/members.ts";
import { recentMemberTickets, unreadRepliesByTicket, unreadTicketsOf } from "../repositories/playerSignals.ts";
import { findTicket, memberTicketPage } from "../repositories/tickets.ts";
import type { UserRow } from "../repositories/users.ts";
import { type FormFields, multipartForm } from "../uploads/multipart.ts";
import { completeTicketByMember } from "../usecases/completeTicketByMember.ts";
import { verifyCaptcha } from "../usecases/fileTicket.ts";
import { openTemporaryAccess } from "../usecases/openTemporaryAccess.ts";
import { admitMemberTicket, submitMemberTicket } from "../usecases/submitMemberTicket.ts";
import {
  refuseBlockedEmail,
  reserveTemporaryFiling,
  submitTemporaryTicket,
} from "../usecases/submitTemporaryTicket.ts";

/** One text field of a form (the first, when it was sent twice). */
function field(fields: FormFields, name: string): string {
  const value = fields[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** A member or employee files tickets from their own area, not as a visitor. */
function refuseSignedIn(user: UserRow | null): void {
  if (user && (isStaff(user) || user.type === "normal")) throw new AppError("already_signed_in");
}

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
  recent: { response: { 200: memberRecentTicketsResponse } },
  unread: { response: { 200: playerUnreadResponse } },
};

/** How many tickets the member home lists (issue 9 part signals). */
const RECENT_TICKETS = 5;

export function ticketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;

  /** The caller's own ticket, or 404 for any ticket they may not know exists. */
  async function ownTicket(user: UserRow, session: Parameters<typeof ticketViewer>[1], ticketId: number) {
    const ticket = await findTicket(db, ticketId);
    if (!ticket || ticketViewer(user, session, ticket) !== "owner") throw new AppError("not_found");
    return ticket;
  }

  return async (app) => {
    // Session, ban, rate and cap before the body is read; the bot check as soon as its token
    // arrives (the web form sends its fields before its files).
    const memberTicketForm = multipartForm(ctx, {
      schema: submitMemberTicketBody,
      admit: (request) => admitMemberTicket(ctx, requireMember(requireUser(request))),
      gate: { fields: ["captchaToken"], check: (_, fields) => verifyCaptcha(ctx, field(fields, "captchaToken")) },
    });
    app.post(
      "/api/tickets/submit-member-ticket",
      { schema: schemas.submitMember, preHandler: memberTicketForm.preHandler },
      async (request) => {
        const { body, files } = memberTicketForm.read(request);
        const member = requireMember(requireUser(request));
        const ticket = await submitMemberTicket(ctx, { member, body, files, ip: request.ip });
        return { ticket_id: ticket.id, ticket: presentPlayerTicket(ticket) };
      },
    );

    const temporaryTicketForm = multipartForm(ctx, {
      schema: submitTemporaryTicketBody,
      admit: async (request) => {
        refuseSignedIn(request.user);
        request.onRefusal?.push(await reserveTemporaryFiling(ctx, request.ip));
      },
      gate: {
        fields: ["captchaToken", "email"],
        check: async (_, fields) => {
          await verifyCaptcha(ctx, field(fields, "captchaToken"));
          await refuseBlockedEmail(ctx, field(fields, "email"));
        },
      },
    });
    app.post(
      "/api/tickets/submit-temporary-ticket",
      { schema: schemas.submitTemporary, preHandler: temporaryTicketForm.preHandler },
      async (request) => {
        const { body, files } = temporaryTicketForm.read(request);
        const ticket = await submitTemporaryTicket(ctx, { body, files, ip: request.ip });
        return {
          ticket_id: ticket.id,
          ticket_number: ticket.created_at,
          ticket_info: encodeTicketInfo({ ticketId: ticket.id, email: ticket.email }),
        };
      },
    );

    // No files belong here: a file part is refused (too_many_files) before it is stored.
    const lookupForm = multipartForm(ctx, { schema: searchTicketTemporaryBody, maxFiles: 0 });
    app.post(
      "/api/tickets/search-ticket-temporary",
      { schema: schemas.searchTemporary, preHandler: lookupForm.preHandler },
      async (request, reply) => {
        const started = await openTemporaryAccess(ctx, {
          body: lookupForm.read(request).body,
          origin: requestOrigin(request),
          current: currentSession(request),
        });
        setSessionCookies(ctx, reply, started);
        return { ticket: presentPlayerTicket(started.ticket), user: presentSessionUser(started.user, started.session) };
      },
    );

    app.post("/api/tickets/member-ticket-history", { schema: schemas.history }, async (request) => {
      const member = requireMember(requireUser(request));
      const body = parseOr422(memberTicketHistoryBody, request.body ?? {});
      let size = body.entries_per_page;
      if (size === undefined) size = (await historyPageSize(db, member.id)) ?? DEFAULT_PAGE_SIZE.memberTickets;
      else await saveHistoryPageSize(db, member.id, size, nowSeconds());
      const { rows, total } = await memberTicketPage(db, member.id, body.page, size);
      const unread = await unreadRepliesByTicket(
        db,
        rows.map((row) => row.id),
      );
      return {
        tickets: rows.map((row) => presentPlayerListTicket(row, unread.get(row.id) ?? 0)),
        total_count: total,
        total_pages: Math.max(1, Math.ceil(total / size)),
        page: body.page,
        entries_per_page: size,
      };
    });

    // issue 9 part signals: the member home's short list, latest activity first, with unread counts.
    app.get("/api/tickets/member-recent-tickets", { schema: schemas.recent }, async (request) => {
      const member = requireMember(requireUser(request));
      const rows = await recentMemberTickets(db, member.id, RECENT_TICKETS);
      const unread = await unreadRepliesByTicket(
        db,
        rows.map((row) => row.id),
      );
      return { tickets: rows.map((row) => presentPlayerListTicket(row, unread.get(row.id) ?? 0)) };
    });

    // issue 9 part signals: the caller's own tickets with unread staff replies (the title's count).
    app.get("/api/tickets/player-unread", { schema: schemas.unread }, async (request) => {
      const scope = signalScope(requireUser(request), request.session);
      if (!scope) throw new AppError("forbidden");
      const tickets = await unreadTicketsOf(db, scope);
      return {
        unread_total: tickets.reduce((sum, t) => sum + t.unread, 0),
        tickets: tickets.map((t) => presentPlayerTicketSignal(t.ticket, t.unread)),
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
