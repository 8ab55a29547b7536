/**
 * What an employee may do on a ticket: the `abilities` every staff ticket answer carries. Each
 * ability reads the very rule functions its call's use case throws from, in the same order, so an
 * ability is true exactly when the call passes its policy, and a false one names the code the call
 * answers. The web shows its buttons from these and restates no rule.
 */
import type { Kysely } from "kysely";
import type { ErrorCode } from "../../common/errors.ts";
import type { TicketAbilities, TicketAbility } from "../../common/schemas/ticketResponses.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { Database, TicketRow } from "../db/schema.ts";
import { canApply, type TicketAction, transitionRefusal } from "../domain/ticketStatus.ts";
import { liveCategoryIds } from "../repositories/setup.ts";
import { categoriesOf, findActiveStaffMember, type StaffMember } from "../repositories/staff.ts";
import { banRefusal } from "./bans.ts";
import type { Actor } from "./policy.ts";
import {
  choosesAnyCategory,
  choosesEmployee,
  excuseRequired,
  openTicketActorRefusal,
  reopenRefusal,
  selfAssignRefusal,
  ticketEditorRefusal,
} from "./staffTickets.ts";

type Ticket = Pick<
  TicketRow,
  | "status"
  | "assigned_to"
  | "resolved_by"
  | "closed_by"
  | "user_id"
  | "banned"
  | "category_id"
  | "server_id"
  | "last_message_from"
  | "last_message_by"
>;

export interface AbilityFacts {
  /** The categories the actor handles (unused for an admin, who may choose any). */
  ownCategories: readonly number[];
  /** Whether the ticket's category is still live: a ticket of a deleted one is not reopened. */
  categoryLive: boolean;
  /** The actor as an assignee (categories, servers), or undefined when they take no tickets. */
  self: StaffMember | undefined;
}

function transition(action: TicketAction, ticket: Ticket): ErrorCode | null {
  return canApply(action, ticket.status) ? null : transitionRefusal(action, ticket.status);
}

/** The abilities of `actor` on `ticket` (pure: the facts that need the database come in `facts`). */
export function ticketAbilities(actor: Actor, ticket: Ticket, facts: AbilityFacts): TicketAbilities {
  const act = openTicketActorRefusal(actor, ticket);
  const assign = act ?? transition("assign", ticket);
  const mayBan = banRefusal(actor, ticket);
  const refusals: Record<TicketAbility, ErrorCode | null> = {
    act,
    edit: ticketEditorRefusal(actor, ticket),
    assign,
    assign_self: selfAssignRefusal(actor, ticket, facts.self),
    choose_employee: assign ?? (choosesEmployee(actor) ? null : "employee_choice_not_allowed"),
    hold: act ?? transition("hold", ticket),
    complete: act ?? transition("resolve", ticket),
    reopen: reopenRefusal(ticket, facts.categoryLive),
    // The player's ban state is the write's own guard (already_banned, not_banned); the ticket's
    // flag follows it.
    ban: mayBan ?? (ticket.banned === 1 ? "already_banned" : null),
    unban: mayBan ?? (ticket.banned === 1 ? null : "not_banned"),
  };
  const named = Object.entries(refusals).filter((entry): entry is [TicketAbility, ErrorCode] => entry[1] !== null);
  return {
    act: refusals.act === null,
    edit: refusals.edit === null,
    assign: refusals.assign === null,
    assign_self: refusals.assign_self === null,
    choose_employee: refusals.choose_employee === null,
    hold: refusals.hold === null,
    complete: refusals.complete === null,
    excuse_required: excuseRequired(actor, ticket),
    reopen: refusals.reopen === null,
    ban: refusals.ban === null,
    unban: refusals.unban === null,
    categories: choosesAnyCategory(actor) ? "any" : [...facts.ownCategories],
    refusals: Object.fromEntries(named),
  };
}

export type AbilitiesOf = (ticket: TicketRow) => TicketAbilities;

/**
 * Loads what the abilities of `actor` on these tickets need (their categories and servers, which
 * of the tickets' categories are live) in a few statements, whatever the number of tickets.
 */
export async function ticketAbilitiesFor(
  db: Kysely<Database>,
  actor: Actor,
  tickets: readonly Pick<TicketRow, "category_id">[],
): Promise<AbilitiesOf> {
  const [ownCategories, live, self] = await Promise.all([
    choosesAnyCategory(actor) ? Promise.resolve([]) : categoriesOf(db, actor.id),
    liveCategoryIds(
      db,
      tickets.map((t) => t.category_id),
    ),
    findActiveStaffMember(db, actor.id, nowSeconds()),
  ]);
  return (ticket) =>
    ticketAbilities(actor, ticket, { ownCategories, categoryLive: live.has(ticket.category_id), self });
}

/** The abilities of `actor` on one ticket. */
export async function abilitiesOn(db: Kysely<Database>, actor: Actor, ticket: TicketRow): Promise<TicketAbilities> {
  return (await ticketAbilitiesFor(db, actor, [ticket]))(ticket);
}
