/**
 * Files a new ticket: the checks that member and temporary submissions share (bot check, limits,
 * category, server, violator's name) and the insert itself; bans are policies/playerBans.ts. Each
 * check throws before anything is written; the files of a refused request are removed by the
 * form's cleanup hook.
 */
import type { Kysely, Transaction } from "kysely";
import type { ValidationIssue } from "../../common/errors.ts";
import type { AppContext } from "../context.ts";
import { readNumberSetting } from "../db/appSettings.ts";
import type { Database, TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { needsViolatersForm } from "../presenters/setup.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { defaultPriorityId, findLiveCategory, findLiveServer } from "../repositories/setup.ts";
import { countActiveTickets, countTicketsSince, insertTicket, type NewTicket } from "../repositories/tickets.ts";
import { recordUploads } from "../repositories/uploads.ts";
import type { UserRow } from "../repositories/users.ts";
import type { SavedFile } from "../uploads/storage.ts";
import { requireOpenCategory } from "./ticketCategory.ts";

function invalid(field: string, msg: string): AppError {
  const issue: ValidationIssue = { loc: ["body", field], msg, type: "value_error" };
  return new AppError("validation", [issue]);
}

export async function verifyCaptcha(ctx: AppContext, token: string): Promise<void> {
  if (ctx.captcha.mode === "off") return;
  if (!token) throw new AppError("captcha_required");
  if (!(await ctx.captcha.verifyOnce(token))) throw new AppError("captcha_failed");
}

/** The per-account submission rate and the cap on ACTIVE tickets (app setting). */
export async function checkSubmitLimits(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  const recent = await countTicketsSince(db, userId, now - RATE_LIMITS.memberSubmit.windowSeconds);
  if (recent >= RATE_LIMITS.memberSubmit.max) throw new AppError("rate_limit_ticket_submit");
  const cap = await readNumberSetting(db, "member_active_ticket_cap");
  if ((await countActiveTickets(db, userId)) >= cap) throw new AppError("too_many_active_tickets");
}

export interface TicketTargetInput {
  category: number;
  server: number;
  violatersName: string;
}

export interface TicketTarget {
  category_id: number;
  server_id: number;
  priority_id: number;
  violaters_name: string;
}

/** Category, server and priority a new ticket gets, and its violator's name (only where the form asks). */
export async function resolveTicketTarget(db: Kysely<Database>, input: TicketTargetInput): Promise<TicketTarget> {
  const category = await findLiveCategory(db, input.category);
  if (!category) throw invalid("category", "This category does not exist.");
  if (category.disabled) throw invalid("category", "This category is disabled.");
  const server = await findLiveServer(db, input.server);
  if (!server) throw invalid("server", "This server does not exist.");
  let violatersName = "";
  if (needsViolatersForm(category)) {
    if (!input.violatersName) throw invalid("violatersName", "Enter the character name of the player you report.");
    violatersName = input.violatersName;
  }
  const priorityId = await defaultPriorityId(db);
  // Only a help desk without any priority level gets here; staff must set one up first.
  if (priorityId === undefined) throw invalid("category", "Tickets cannot be filed yet: no priority level is set up.");
  return { category_id: category.id, server_id: server.id, priority_id: priorityId, violaters_name: violatersName };
}

export interface FileTicketInput {
  /** Finds or creates the owner inside the transaction (a temporary user is created only here). */
  owner: (trx: Transaction<Database>) => Promise<Pick<UserRow, "id" | "email" | "name">>;
  values: Omit<NewTicket, "user_id" | "email" | "name" | "attachments">;
  files: SavedFile[];
  now: number;
  /** The name on the ticket when it is not the owner's (a visitor types it on each form). */
  name?: string;
}

/** Writes the ticket and its upload records in one transaction, then announces it. */
export async function fileTicket(ctx: AppContext, input: FileTicketInput): Promise<TicketRow> {
  // One transaction, no retry: ticket numbers come from the allocator in one statement, and every
  // temporary filing creates its own temporary user, so no unique key can race.
  const ticket = await ctx.store.db.transaction().execute(async (trx) => {
    const owner = await input.owner(trx);
    // Checked before the files were stored, and again here: the category may have been disabled
    // or deleted meanwhile, and a delete counting its tickets must see this one.
    await requireOpenCategory(trx, ctx.store.engine, input.values.category_id, "category");
    const row = await insertTicket(
      trx,
      {
        ...input.values,
        user_id: owner.id,
        email: owner.email,
        name: input.name ?? owner.name,
        attachments: JSON.stringify(input.files.map((f) => f.name)),
      },
      input.now,
    );
    await recordUploads(trx, owner.id, input.files, row.id);
    return row;
  });
  ctx.events.publish("ticket.created", { ticket });
  return ticket;
}
