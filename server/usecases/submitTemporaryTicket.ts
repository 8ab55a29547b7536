/**
 * A visitor without an account files a ticket with an e-mail address (spec 1 §1). The visitor
 * becomes a temporary user (one per e-mail) when the ticket is written, not before.
 */
import type { FastifyRequest } from "fastify";
import { submitTemporaryTicketBody } from "../../common/schemas/tickets.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError, parseOr422 } from "../http/errors.ts";
import { findTempUserByEmail, insertTempUser } from "../repositories/members.ts";
import { countTemporaryTicketsFromIp } from "../repositories/tickets.ts";
import { readMultipart } from "../uploads/multipart.ts";
import { checkSubmitLimits, fileTicket, refuseIfBanned, resolveTicketTarget, verifyCaptcha } from "./fileTicket.ts";

/** Per address: anyone can type a new e-mail, so the address is what limits a flood (docs/decisions.md). */
export const TEMPORARY_SUBMIT_LIMIT = { max: 5, windowSeconds: 10 * 60 };

export async function submitTemporaryTicket(ctx: AppContext, request: FastifyRequest): Promise<TicketRow> {
  const db = ctx.store.db;
  const { fields, files } = await readMultipart(request, ctx.uploads);
  try {
    const body = parseOr422(submitTemporaryTicketBody, fields);
    await verifyCaptcha(ctx, body.captchaToken);
    const now = nowSeconds();
    const ip = request.ip.slice(0, 64);
    const existing = await findTempUserByEmail(db, body.email);
    if (existing?.deleted) throw new AppError("forbidden", "This e-mail address cannot file tickets.");
    if (existing) refuseIfBanned(existing, now);
    if (
      (await countTemporaryTicketsFromIp(db, ip, now - TEMPORARY_SUBMIT_LIMIT.windowSeconds)) >=
      TEMPORARY_SUBMIT_LIMIT.max
    ) {
      throw new AppError("rate_limit_ticket_submit");
    }
    if (existing) await checkSubmitLimits(db, existing.id, now);
    const target = await resolveTicketTarget(db, body);
    return await fileTicket(ctx, {
      owner: async (trx) =>
        (await findTempUserByEmail(trx, body.email)) ?? insertTempUser(trx, body.email, body.name, now),
      values: {
        ...target,
        character_name: "",
        subject: body.subject,
        description: body.description,
        status: "NEW TICKET",
        ticket_type: "other",
        type: "temp",
        ip_origin: ip,
      },
      files,
      now,
      name: body.name,
    });
  } catch (error) {
    await ctx.uploads.remove(files.map((f) => f.name));
    throw error;
  }
}
