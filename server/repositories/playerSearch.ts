/**
 * SQL of the staff player search and profile (spec/3-staff-administration.md §2.3, §3): one filter builder shared by the
 * page query and the exact count, and the ticket counts of a page of players. Players are members
 * (class user, type normal) that are not deleted; text matching comes from db/textSearch.ts.
 *
 * A page is read like the ticket search's (repositories/ticketSearch.ts): the page's ids from an
 * index first, then the rows of those ids.
 */
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import { ACTIVE_STATUSES } from "../../common/constants.ts";
import type { MemberSortField } from "../../common/schemas/playerAdmin.ts";
import type { Engine } from "../db/database.ts";
import type { Database, TicketRow } from "../db/schema.ts";
import { PLAYER_TEXT_TARGETS, type TextTarget, textContains, textExact } from "../db/textSearch.ts";
import type { SearchMode } from "./ticketSearch.ts";
import type { UserRow } from "./users.ts";

export interface TextFilter {
  value: string;
  mode: SearchMode;
}

/** What the player search filters on. */
export interface MemberFilter {
  name?: TextFilter;
  email?: TextFilter;
  characterName?: TextFilter;
  /** Players with a character on this server (with characterName: that character is there). */
  serverId?: number;
  /** true: banned now; false: not banned now. */
  banned?: boolean;
}

export interface MemberOrder {
  sortBy: MemberSortField;
  order: "asc" | "desc";
}

const SORT_COLUMNS: Record<MemberSortField, keyof UserRow & string> = {
  id: "id",
  name: "name",
  email: "email",
  banned_until: "banned_until",
};
const TEXT_SORT_COLUMNS = new Set(["name", "email"]);

function textMatch(engine: Engine, target: TextTarget, filter: TextFilter): Expression<SqlBool> {
  return filter.mode === 2 ? textExact(target, filter.value) : textContains(engine, target, filter.value);
}

/** A ban holds while flagged and without end (-1) or ending after `now` (presenters/member.ts isBanned). */
function bannedNow(eb: ExpressionBuilder<Database, "users">, now: number): Expression<SqlBool> {
  return eb.and([
    eb("users.banned", "=", sql.lit(1)),
    eb.or([eb("users.banned_until", "=", sql.lit(-1)), eb("users.banned_until", ">", now)]),
  ]);
}

function conditions(
  eb: ExpressionBuilder<Database, "users">,
  engine: Engine,
  filter: MemberFilter,
  now: number,
  walkSortIndex = false,
): Expression<SqlBool>[] {
  // Literals, not parameters: the prefix of the users_players index, and SQLite matches a partial
  // index's WHERE (the member e-mail index: type = 'normal') only against literals. When a page is
  // read along the sort key's index, SQLite must not prefer users_players and sort every player
  // instead: `+class` keeps that index out of the plan (`type` stays plain for the e-mail index).
  const player = walkSortIndex && engine === "sqlite" ? sql`+${sql.ref("users.class")}` : sql.ref("users.class");
  const where: Expression<SqlBool>[] = [
    eb(player, "=", sql.lit("user")),
    eb("users.type", "=", sql.lit("normal")),
    eb("users.deleted", "=", sql.lit(0)),
  ];
  if (filter.name) where.push(textMatch(engine, PLAYER_TEXT_TARGETS.name, filter.name));
  if (filter.email) where.push(textMatch(engine, PLAYER_TEXT_TARGETS.email, filter.email));
  const { characterName, serverId } = filter;
  if (characterName || serverId !== undefined) {
    where.push(
      eb(
        "users.id",
        "in",
        eb
          .selectFrom("characters")
          .select("characters.user_id")
          .where((c) =>
            c.and([
              ...(characterName ? [textMatch(engine, PLAYER_TEXT_TARGETS.character_name, characterName)] : []),
              ...(serverId === undefined ? [] : [c("characters.server_id", "=", serverId)]),
            ]),
          ),
      ),
    );
  }
  if (filter.banned === true) where.push(bannedNow(eb, now));
  if (filter.banned === false) where.push(eb.not(bannedNow(eb, now)));
  return where;
}

function filtered(db: Kysely<Database>, engine: Engine, filter: MemberFilter, now: number, walkSortIndex = false) {
  return db.selectFrom("users").where((eb) => eb.and(conditions(eb, engine, filter, now, walkSortIndex)));
}

/** The query of the exact number of players that match (the benchmark runs its SQL directly). */
export function memberCountQuery(db: Kysely<Database>, engine: Engine, filter: MemberFilter, now: number) {
  return filtered(db, engine, filter, now).select((eb) => eb.fn.countAll<number | string>().as("n"));
}

/** The exact number of players that match. */
export async function countMembers(
  db: Kysely<Database>,
  engine: Engine,
  filter: MemberFilter,
  now: number,
): Promise<number> {
  const row = await memberCountQuery(db, engine, filter, now).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Up to this many matches of a selective filter are sorted rather than found along the sort index. */
const SORT_MATCHES_MAX = 5000;

/** The query of one page's ids, in order (ties by id in the same direction, so paging is stable). */
export function memberPageIdsQuery(
  db: Kysely<Database>,
  engine: Engine,
  filter: MemberFilter,
  order: MemberOrder,
  page: { offset: number; limit: number; matches: number; now: number },
) {
  const column = SORT_COLUMNS[order.sortBy];
  const ref = sql.ref(`users.${column}`);
  // As in the ticket search: when a selective filter matches few players, the key is written so
  // that no index serves it, and only the matches (found on the filter's index) are sorted.
  const selective = Boolean(filter.name || filter.email || filter.characterName || filter.banned === true);
  const sortMatches = selective && page.matches <= SORT_MATCHES_MAX;
  const key = !sortMatches
    ? ref
    : engine === "sqlite"
      ? sql`+${ref}`
      : TEXT_SORT_COLUMNS.has(column)
        ? sql`(${ref} || '')`
        : sql`(${ref} + 0)`;
  const query = filtered(db, engine, filter, page.now, !sortMatches)
    .select("users.id")
    .orderBy(sql`${key} ${sql.raw(order.order)}`);
  // The id is unique: it needs no tie-break of its own.
  return (column === "id" ? query : query.orderBy("users.id", order.order)).limit(page.limit).offset(page.offset);
}

/** The rows of these players, in the given order. */
export async function membersByIds(db: Kysely<Database>, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("users").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A player that staff may look up: a member account, not deleted. */
export function findPlayer(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .where("class", "=", "user")
    .where("type", "=", "normal")
    .where("deleted", "=", 0)
    .executeTakeFirst();
}

/** The ticket counts of spec/3-staff-administration.md §3 Member. */
export interface TicketCounts {
  n_active_tickets: number;
  n_resolved_tickets: number;
  n_closed_tickets: number;
  n_tickets: number;
  longest_active_createdAt: number | null;
}

export const NO_TICKETS: TicketCounts = {
  n_active_tickets: 0,
  n_resolved_tickets: 0,
  n_closed_tickets: 0,
  n_tickets: 0,
  longest_active_createdAt: null,
};

/** Ticket counts per player, one grouped query on the (user_id, created_at) index. */
export async function ticketCountsOf(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, TicketCounts>> {
  const counts = new Map<number, TicketCounts>();
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom("tickets")
    .select((eb) => [
      "tickets.user_id",
      "tickets.status",
      eb.fn.countAll<number | string>().as("n"),
      eb.fn.min("tickets.created_at").as("oldest"),
    ])
    .where("tickets.user_id", "in", [...new Set(userIds)])
    .groupBy(["tickets.user_id", "tickets.status"])
    .execute();
  for (const row of rows) {
    const n = Number(row.n);
    const oldest = Number(row.oldest);
    const current = counts.get(row.user_id) ?? { ...NO_TICKETS };
    current.n_tickets += n;
    if (row.status === "RESOLVED") current.n_resolved_tickets += n;
    else if (row.status === "CLOSED") current.n_closed_tickets += n;
    else if (ACTIVE_STATUSES.includes(row.status)) {
      current.n_active_tickets += n;
      const previous = current.longest_active_createdAt;
      current.longest_active_createdAt = previous === null ? oldest : Math.min(previous, oldest);
    }
    counts.set(row.user_id, current);
  }
  return counts;
}

/** A player's tickets, newest first, on the (user_id, created_at) index. */
export function ticketsOfMember(db: Kysely<Database>, userId: number, limit: number): Promise<TicketRow[]> {
  return db
    .selectFrom("tickets")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
