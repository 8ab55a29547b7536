/** /api/tickets: what players do with their tickets (spec/1-product-frame.md §2, §7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DEFAULT_PAGE_SIZE } from "../../common/constants.ts";
import {
  searchTicketTemporaryBody,
  submitMemberTicketBody,
  submitTemporaryTicketBody,
} from "../../common/schemas/tickets.ts";
import { encodeTicketInfo } from "../../common/ticket-code.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { route } from "../http/contractRoutes.ts";
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

/** Visitors may follow their ticket but not close it (spec/1-product-frame.md §2): 403 on their own. */
function requireMember(user: UserRow): UserRow {
  if (!isMember(user)) throw new AppError("forbidden");
  return user;
}

/** How many tickets the member home lists. */
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
    // Ban, rate and cap before the body is read (the contract's access has already let only a
    // member through); the bot check as soon as its token arrives (the web form sends its fields
    // before its files).
    const memberTicketForm = multipartForm(ctx, {
      schema: submitMemberTicketBody,
      admit: (request) => admitMemberTicket(ctx, requireUser(request)),
      gate: { fields: ["captchaToken"], check: (_, fields) => verifyCaptcha(ctx, field(fields, "captchaToken")) },
    });
    route(app, ctx, "submitMemberTicket", { preHandler: memberTicketForm.preHandler }, async (request) => {
      const { body, files } = memberTicketForm.read(request);
      const ticket = await submitMemberTicket(ctx, { member: requireUser(request), body, files, ip: request.ip });
      return { ticket_id: ticket.id, ticket: presentPlayerTicket(ticket) };
    });

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
    route(app, ctx, "submitTemporaryTicket", { preHandler: temporaryTicketForm.preHandler }, async (request) => {
      const { body, files } = temporaryTicketForm.read(request);
      const ticket = await submitTemporaryTicket(ctx, { body, files, ip: request.ip });
      return {
        ticket_id: ticket.id,
        ticket_number: ticket.created_at,
        ticket_info: encodeTicketInfo({ ticketId: ticket.id, email: ticket.email }),
      };
    });

    // No files belong here: a file part is refused (too_many_files) before it is stored.
    const lookupForm = multipartForm(ctx, { schema: searchTicketTemporaryBody, maxFiles: 0 });
    route(app, ctx, "searchTicketTemporary", { preHandler: lookupForm.preHandler }, async (request, reply) => {
      const started = await openTemporaryAccess(ctx, {
        body: lookupForm.read(request).body,
        origin: requestOrigin(request),
        current: currentSession(request),
      });
      setSessionCookies(ctx, reply, started);
      return { ticket: presentPlayerTicket(started.ticket), user: presentSessionUser(started.user, started.session) };
    });

    route(app, ctx, "memberTicketHistory", async (request) => {
      const member = requireUser(request);
      const body = request.body;
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

    // The member home's short list, latest activity first, with unread counts.
    route(app, ctx, "memberRecentTickets", async (request) => {
      const rows = await recentMemberTickets(db, requireUser(request).id, RECENT_TICKETS);
      const unread = await unreadRepliesByTicket(
        db,
        rows.map((row) => row.id),
      );
      return { tickets: rows.map((row) => presentPlayerListTicket(row, unread.get(row.id) ?? 0)) };
    });

    // The caller's own tickets with unread staff replies (the title's count).
    route(app, ctx, "playerUnread", async (request) => {
      // A visitor's session without its ticket has nothing to count.
      const scope = signalScope(requireUser(request), request.session);
      if (!scope) throw new AppError("forbidden");
      const tickets = await unreadTicketsOf(db, scope);
      return {
        unread_total: tickets.reduce((sum, t) => sum + t.unread, 0),
        tickets: tickets.map((t) => presentPlayerTicketSignal(t.ticket, t.unread)),
      };
    });

    route(app, ctx, "fetchMemberTicket", async (request) => {
      const user = requireUser(request);
      return { ticket: presentPlayerTicket(await ownTicket(user, request.session, request.body.ticket_id)) };
    });

    route(app, ctx, "submitTicketCompleteMember", async (request) => {
      const user = requireUser(request);
      const ticket = await ownTicket(user, request.session, request.body.ticket_id);
      requireMember(user);
      const updated = await completeTicketByMember(ctx, user, ticket, request.ip);
      return { ticket: presentPlayerTicket(updated) };
    });
  };
}
