/** A member files a ticket about one of their characters (spec 1 §2 Create ticket, §5). */
import type { FastifyRequest } from "fastify";
import { submitMemberTicketBody } from "../../common/schemas/tickets.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError, parseOr422 } from "../http/errors.ts";
import { countCharacters, hasCharacterOn } from "../repositories/members.ts";
import type { UserRow } from "../repositories/users.ts";
import { readMultipart } from "../uploads/multipart.ts";
import { checkSubmitLimits, fileTicket, refuseIfBanned, resolveTicketTarget, verifyCaptcha } from "./fileTicket.ts";

export const NO_CHARACTER_MESSAGE = "You need to have a character in the game in order to create a support ticket.";

export async function submitMemberTicket(
  ctx: AppContext,
  request: FastifyRequest,
  member: UserRow,
): Promise<TicketRow> {
  const db = ctx.store.db;
  const { fields, files } = await readMultipart(request, ctx.uploads);
  try {
    const body = parseOr422(submitMemberTicketBody, fields);
    await verifyCaptcha(ctx, body.captchaToken);
    const now = nowSeconds();
    refuseIfBanned(member, now);
    if ((await countCharacters(db, member.id)) === 0) throw new AppError("validation", NO_CHARACTER_MESSAGE);
    await checkSubmitLimits(db, member.id, now);
    const target = await resolveTicketTarget(db, body);
    if (!(await hasCharacterOn(db, member.id, target.server_id, body.characterName))) {
      throw new AppError("validation", [
        {
          loc: ["body", "characterName"],
          msg: "You have no character with this name on the chosen server.",
          type: "value_error",
        },
      ]);
    }
    return await fileTicket(ctx, {
      owner: async () => member,
      values: {
        ...target,
        character_name: body.characterName,
        subject: body.subject,
        description: body.description,
        status: "NEW TICKET",
        ticket_type: "member",
        type: "normal",
        ip_origin: request.ip.slice(0, 64),
      },
      files,
      now,
    });
  } catch (error) {
    await ctx.uploads.remove(files.map((f) => f.name));
    throw error;
  }
}
