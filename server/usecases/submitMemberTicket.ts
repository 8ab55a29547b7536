/**
 * A member files a ticket about one of their characters (spec/1-product-frame.md §2 Create ticket, §5). The checks
 * that need no field run before the form's files are stored (`admitMemberTicket`), the bot check
 * as soon as its token arrives (the route's form gate); the rest needs the whole body.
 */
import type { SubmitMemberTicketBody } from "../../common/schemas/tickets.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { lockUser } from "../db/dialect.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError, issue } from "../errors.ts";
import { refuseIfBanned } from "../policies/playerBans.ts";
import { countCharacters, hasCharacterOn } from "../repositories/members.ts";
import type { UserRow } from "../repositories/users.ts";
import type { SavedFile } from "../uploads/storage.ts";
import { checkSubmitLimits, fileTicket, resolveTicketTarget } from "./fileTicket.ts";

export const NO_CHARACTER_MESSAGE = "You need to have a character in the game in order to create a support ticket.";

/** Ban, characters, rate and cap: everything that needs no field of the form. */
export async function admitMemberTicket(ctx: AppContext, member: UserRow): Promise<void> {
  const db = ctx.store.db;
  const now = nowSeconds();
  refuseIfBanned(member, now);
  if ((await countCharacters(db, member.id)) === 0) {
    throw new AppError("validation", [issue(NO_CHARACTER_MESSAGE, "no_character")]);
  }
  await checkSubmitLimits(db, member.id, now);
}

export interface SubmitMemberTicketInput {
  member: UserRow;
  /** Parsed body; its bot-check token was verified by the form gate. */
  body: SubmitMemberTicketBody;
  files: SavedFile[];
  ip: string;
}

export async function submitMemberTicket(ctx: AppContext, input: SubmitMemberTicketInput): Promise<TicketRow> {
  const db = ctx.store.db;
  const { member, body } = input;
  const target = await resolveTicketTarget(db, body);
  if (!(await hasCharacterOn(db, member.id, target.server_id, body.characterName))) {
    throw new AppError("validation", [
      issue("You have no character with this name on the chosen server.", "value_error", ["body", "characterName"]),
    ]);
  }
  const now = nowSeconds();
  return fileTicket(ctx, {
    // The limits were checked before the files were stored; they are counted again here, as the
    // only filing of this member in flight, so parallel filings cannot all pass that first check.
    owner: async (trx) => {
      await lockUser(trx, ctx.store.engine, member.id);
      await checkSubmitLimits(trx, member.id, now);
      return member;
    },
    values: {
      ...target,
      character_name: body.characterName,
      subject: body.subject,
      description: body.description,
      status: "NEW TICKET",
      ticket_type: "member",
      type: "normal",
      ip_origin: input.ip.slice(0, 64),
    },
    files: input.files,
    now,
  });
}
