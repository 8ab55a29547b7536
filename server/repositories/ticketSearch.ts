/**
 * SQL of the staff ticket search (spec/2-staff-ticket-work.md §2, §7): one filter builder shared by the page query and
 * the exact count, so that both always say the same thing. Text matching comes from
 * db/textSearch.ts (the one module that knows each engine's dialect).
 *
 * A page is read in two steps: the ids of the page from an index (ORDER BY key, id with LIMIT and
 * OFFSET over index entries only), then the rows of those ids. Deep pages then skip index
 * entries, not table rows.
 */
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import { ACTIVE_STATUSES, type TicketStatus } from "../../common/constants.ts";
import type { TicketSortField } from "../../common/schemas/ticketSearch.ts";
import type { Engine } from "../db/database.ts";
import { UPDATE_DAY_SECONDS } from "../db/migrations/0025_ticket_update_days.ts";
import { ACTIVE_LITERALS } from "../db/migrations/0026_deep_page_indexes.ts";
import type { Database, TicketRow } from "../db/schema.ts";
import {
  sqliteWordMatches,
  type TicketExactColumn,
  ticketContains,
  ticketExact,
  ticketWordCount,
  ticketWords,
  type WordField,
} from "../db/textSearch.ts";
import { ticketStatusCount } from "./ticketCounts.ts";

export type SearchMode = 1 | 2;

/** What the search filters on, already resolved (default → employee, windows → epoch bounds). */
export interface TicketFilter {
  ticketId?: { value: number; mode: SearchMode };
  name?: { value: string; mode: SearchMode };
  email?: { value: string; mode: SearchMode };
  characterName?: { value: string; mode: SearchMode };
  serverId?: number;
  categoryId?: number;
  /** A status, or ACTIVE (not ended). */
  status?: TicketStatus | "ACTIVE";
  priorityId?: number;
  /** A staff id; 0 = unassigned. */
  employee?: number;
  /** Only tickets with a `tag` notification for this user. */
  taggedFor?: number;
  /** Only tickets whose last chat word is the player's, or with none since filing (docs/decisions/views.md). */
  playerSpokeLast?: true;
  subject?: string;
  description?: string;
  chatMessage?: string;
  createdSince?: number;
  updatedSince?: number;
}

export interface TicketOrder {
  sortBy: TicketSortField;
  order: "asc" | "desc";
}

/** Wire sort names → columns. */
const SORT_COLUMNS: Record<TicketSortField, keyof TicketRow & string> = {
  createdAt: "created_at",
  lastUpdated: "last_updated",
  status: "status",
  priority: "priority_id",
  category: "category_id",
  server: "server_id",
  email: "email",
  name: "name",
  characterName: "character_name",
  assignedTo: "assigned_to",
};

/**
 * Digits typed into the ticket id box, Contains mode: ids (or ticket numbers) that start with
 * them, as index ranges up to `max`: "12" → 12, 120–129, 1200–1299, …
 */
function prefixRanges(prefix: number, max: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let scale = 1; prefix * scale <= max; scale *= 10) {
    ranges.push([prefix * scale, Math.min((prefix + 1) * scale - 1, max)]);
  }
  return ranges;
}

/** tickets.id is a 32-bit integer on PostgreSQL; ticket numbers are epoch seconds. */
const MAX_ID = 2_147_483_647;
const MAX_NUMBER = Number.MAX_SAFE_INTEGER;

function textFilter(
  engine: Engine,
  column: TicketExactColumn,
  filter: { value: string; mode: SearchMode },
  probe: boolean,
): Expression<SqlBool> {
  return filter.mode === 2
    ? ticketExact(engine, column, filter.value)
    : ticketContains(engine, column, filter.value, probe);
}

/** The word-searched fields of a filter (subject, description, chat message) and their texts. */
function wordFilters(filter: TicketFilter): [WordField, string][] {
  const fields: [WordField, string | undefined][] = [
    ["subject", filter.subject],
    ["description", filter.description],
    ["chat", filter.chatMessage],
  ];
  return fields.filter((entry): entry is [WordField, string] => entry[1] !== undefined);
}

/**
 * The WHERE conditions of a filter. `probe`: word matches are tested ticket by ticket, for a page
 * found by walking the sort key's index (many matches); otherwise they are sets of ids.
 */
function conditions(
  eb: ExpressionBuilder<Database, "tickets">,
  engine: Engine,
  filter: TicketFilter,
  probe = false,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (filter.ticketId) {
    const { value, mode } = filter.ticketId;
    if (mode === 2) {
      // The box takes the ticket id or the ticket number (its creation second) that the list shows.
      where.push(eb.or([eb("tickets.id", "=", value), eb("tickets.created_at", "=", value)]));
    } else {
      where.push(
        eb.or([
          ...prefixRanges(value, MAX_ID).map(([from, to]) =>
            eb.and([eb("tickets.id", ">=", from), eb("tickets.id", "<=", to)]),
          ),
          ...prefixRanges(value, MAX_NUMBER).map(([from, to]) =>
            eb.and([eb("tickets.created_at", ">=", from), eb("tickets.created_at", "<=", to)]),
          ),
        ]),
      );
    }
  }
  if (filter.name) where.push(textFilter(engine, "name", filter.name, probe));
  if (filter.email) where.push(textFilter(engine, "email", filter.email, probe));
  if (filter.characterName) where.push(textFilter(engine, "character_name", filter.characterName, probe));
  if (filter.serverId !== undefined) where.push(eb("tickets.server_id", "=", filter.serverId));
  if (filter.categoryId !== undefined) where.push(eb("tickets.category_id", "=", filter.categoryId));
  // Literal, so that both planners see the partial index of migration 0026.
  if (filter.status === "ACTIVE") where.push(sql<SqlBool>`tickets.status IN (${sql.raw(ACTIVE_LITERALS)})`);
  else if (filter.status !== undefined) where.push(eb("tickets.status", "=", filter.status));
  if (filter.priorityId !== undefined) where.push(eb("tickets.priority_id", "=", filter.priorityId));
  if (filter.employee === 0) where.push(eb("tickets.assigned_to", "is", null));
  else if (filter.employee !== undefined) where.push(eb("tickets.assigned_to", "=", filter.employee));
  if (filter.playerSpokeLast) {
    where.push(eb.or([eb("tickets.last_message_from", "=", "user"), eb("tickets.last_message_from", "is", null)]));
  }
  if (filter.taggedFor !== undefined) {
    where.push(
      eb(
        "tickets.id",
        "in",
        eb
          .selectFrom("notifications")
          .select("notifications.ticket_id")
          .where("notifications.user_id", "=", filter.taggedFor)
          .where("notifications.type", "=", "tag"),
      ),
    );
  }
  for (const [field, text] of wordFilters(filter)) where.push(ticketWords(engine, field, text, probe));
  if (filter.createdSince !== undefined) where.push(eb("tickets.created_at", ">=", filter.createdSince));
  if (filter.updatedSince !== undefined) where.push(eb("tickets.last_updated", ">=", filter.updatedSince));
  return where;
}

/** Which page, and how many tickets match in all when known (it steers SQLite's plan). */
export interface Page {
  offset: number;
  limit: number;
  matches?: number;
}

const TEXT_SORT_COLUMNS = new Set(["status", "email", "name", "character_name"]);

/** Up to this many matches are sorted rather than found by walking the sort key's index. */
const SORT_MATCHES_MAX = 5000;

/** Filters that match few tickets: an id, a text or the tagged list. */
function isSelective(filter: TicketFilter): boolean {
  return Boolean(
    filter.ticketId ||
      filter.name ||
      filter.email ||
      filter.characterName ||
      filter.subject ||
      filter.description ||
      filter.chatMessage ||
      filter.taggedFor !== undefined,
  );
}

function filtered(db: Kysely<Database>, engine: Engine, filter: TicketFilter, probe = false) {
  return db.selectFrom("tickets").where((eb) => eb.and(conditions(eb, engine, filter, probe)));
}

/** Whether the filter is one word-searched field and nothing else. */
function onlyWords(filter: TicketFilter): [WordField, string] | undefined {
  const words = wordFilters(filter);
  const others = Object.entries(filter).filter(
    ([key, value]) => value !== undefined && !["subject", "description", "chatMessage"].includes(key),
  );
  return words.length === 1 && others.length === 0 ? words[0] : undefined;
}

/**
 * The statuses a filter of status alone (or of nothing) counts, `null` for all tickets; undefined
 * when the filter has any other condition.
 */
function onlyStatus(filter: TicketFilter): readonly string[] | null | undefined {
  const others = Object.entries(filter).filter(([key, value]) => value !== undefined && key !== "status");
  if (others.length > 0) return undefined;
  if (filter.status === undefined) return null;
  return filter.status === "ACTIVE" ? ACTIVE_STATUSES : [filter.status];
}

/**
 * The query of the exact number of matching tickets (the benchmark runs its SQL directly). A search
 * on one word-searched field alone is counted in its word index, without visiting the tickets; the
 * unfiltered list and a status filter alone are summed from the ticket counters (repositories/ticketCounts.ts).
 */
export function countQuery(db: Kysely<Database>, engine: Engine, filter: TicketFilter) {
  const statuses = onlyStatus(filter);
  if (statuses !== undefined) return db.selectNoFrom(ticketStatusCount(statuses ?? undefined).as("n"));
  const words = onlyWords(filter);
  const fromIndex = words && ticketWordCount(engine, words[0], words[1]);
  if (fromIndex) return db.selectNoFrom(fromIndex.as("n"));
  return filtered(db, engine, filter).select((eb) => eb.fn.countAll<number | string>().as("n"));
}

/** The exact number of tickets that match. */
export async function countTickets(db: Kysely<Database>, engine: Engine, filter: TicketFilter): Promise<number> {
  const row = await countQuery(db, engine, filter).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The query of one page's ids, in order (ties by id in the same direction, so paging is stable). */
export function pageIdsQuery(
  db: Kysely<Database>,
  engine: Engine,
  filter: TicketFilter,
  order: TicketOrder,
  page: Page,
) {
  const column = SORT_COLUMNS[order.sortBy];
  const direction = order.order;
  // NULL (unassigned) sorts as the smallest value on both engines.
  const nullsFor = (dir: "asc" | "desc") =>
    column === "assigned_to" ? (dir === "asc" ? " NULLS FIRST" : " NULLS LAST") : "";
  const nulls = nullsFor(direction);
  // Both engines like to walk the sort key's index and test every ticket when a LIMIT follows,
  // which is a full scan when few tickets match. When a selective filter matches few tickets (the
  // exact count is known first), the key is written so that no index serves it (`+column` on
  // SQLite, `column + 0` or `column || ''` on PostgreSQL): the matches come from the filter's
  // index and only they are sorted. Many matches: walking the index finds a page soon.
  const ref = sql.ref(`tickets.${column}`);
  if (engine === "postgres" && column === "last_updated" && page.offset >= DEEP_OFFSET && hasNoCondition(filter)) {
    // A deep page of the whole list: start in the day that holds the offset (migration 0025).
    const day = updateDayAt(page.offset, direction);
    const bound =
      direction === "desc"
        ? sql<number>`(SELECT (day + 1) * ${UPDATE_DAY_SECONDS} FROM ${day})`
        : sql<number>`(SELECT day * ${UPDATE_DAY_SECONDS} FROM ${day})`;
    return db
      .selectFrom("tickets")
      .where("tickets.last_updated", direction === "desc" ? "<" : ">=", bound)
      .select("tickets.id")
      .orderBy(sql`${ref} ${sql.raw(direction)}`)
      .orderBy("tickets.id", direction)
      .limit(page.limit)
      .offset(sql<number>`(SELECT ${page.offset} - before FROM ${day})`);
  }
  const sortMatches = isSelective(filter) && (page.matches === undefined || page.matches <= SORT_MATCHES_MAX);
  const key = !sortMatches
    ? sql`${ref}`
    : engine === "sqlite"
      ? sql`+${ref}`
      : TEXT_SORT_COLUMNS.has(column)
        ? sql`(${ref} || '')`
        : sql`(${ref} + 0)`;
  const back = backwards(page);
  if (engine === "sqlite" && column === "last_updated" && onlyStatus(filter) === ACTIVE_STATUSES) {
    // SQLite prefers the status index and sorts every active ticket; the partial index of
    // migration 0026 holds them in this order (named, since the planner would not pick it).
    const dir = sql.raw(back ? (direction === "asc" ? "desc" : "asc") : direction);
    const { offset, limit } = back ?? page;
    const active = sql`(SELECT id, last_updated AS k FROM tickets INDEXED BY tickets_active_updated
      WHERE status IN (${sql.raw(ACTIVE_LITERALS)}) ORDER BY last_updated ${dir}, id ${dir} LIMIT ${limit} OFFSET ${offset})`;
    return db
      .selectFrom(active.as("p"))
      .select(sql<number>`p.id`.as("id"))
      .orderBy(sql`p.k ${sql.raw(direction)}`)
      .orderBy(sql`p.id ${sql.raw(direction)}`);
  }
  if (back) {
    // Past the middle of many matches: the same tickets read from the other end, fewer to skip.
    const reverse = direction === "asc" ? "desc" : "asc";
    const fromEnd = filtered(db, engine, filter, !sortMatches)
      .select(["tickets.id as id", sql`${ref}`.as("k")])
      .orderBy(sql`${key} ${sql.raw(reverse)}${sql.raw(nullsFor(reverse))}`)
      .orderBy("tickets.id", reverse)
      .limit(back.limit)
      .offset(back.offset);
    return db
      .selectFrom(fromEnd.as("p"))
      .select("p.id")
      .orderBy(sql`p.k ${sql.raw(direction)}${sql.raw(nulls)}`)
      .orderBy("p.id", direction);
  }
  return filtered(db, engine, filter, !sortMatches)
    .select("tickets.id")
    .orderBy(sql`${key} ${sql.raw(direction)}${sql.raw(nulls)}`)
    .orderBy("tickets.id", direction)
    .limit(page.limit)
    .offset(page.offset);
}

/** From this offset on, a page past the middle of the matches is read from the other end. */
const BACKWARDS_FROM = 1_000;

/**
 * The page read from the other end of the order when that skips fewer tickets (the pager offers
 * the last page, and the pages near it, as readily as the first): its offset and size in the
 * reversed order, or undefined. Needs the exact number of matches, which the count gives first.
 */
function backwards(page: Page): { offset: number; limit: number } | undefined {
  const { matches, offset, limit } = page;
  if (matches === undefined || offset < BACKWARDS_FROM || offset >= matches) return undefined;
  const after = matches - offset - limit;
  if (after >= offset) return undefined;
  return { offset: Math.max(0, after), limit: Math.min(limit, matches - offset) };
}

/**
 * From this offset on, PostgreSQL pages the whole list by last update from its day counts (a
 * thousand days of counts cost about as much as an OFFSET of this many index entries).
 */
const DEEP_OFFSET = 2_000;

/** Whether the filter has no condition at all: the whole list. */
function hasNoCondition(filter: TicketFilter): boolean {
  return Object.values(filter).every((value) => value === undefined);
}

/**
 * The day of last update that holds the ticket at `offset` of the whole list in this direction,
 * as a subquery `(day, before)`: `before` is how many tickets come ahead of that day. Read from
 * the day counts (migration 0025: folded counts plus deltas) in the page's own statement, so that
 * it agrees with the tickets the page reads. An offset past the end gives the last day, whose
 * page is then empty.
 */
function updateDayAt(offset: number, direction: "asc" | "desc") {
  const order = sql.raw(direction === "desc" ? "DESC" : "ASC");
  const last = sql.raw(direction === "desc" ? "ASC" : "DESC");
  return sql`(
    SELECT day, before FROM (
      SELECT day, sum(n) OVER (ORDER BY day ${order}) - n AS before
      FROM (
        SELECT day, sum(n) AS n FROM (
          SELECT day, n FROM ticket_update_days UNION ALL SELECT day, n FROM ticket_update_day_deltas
        ) counted
        GROUP BY day
        HAVING sum(n) <> 0
      ) days
    ) running
    WHERE before <= ${offset}
    ORDER BY day ${last}
    LIMIT 1
  ) AS target`;
}

/** Orders in which ticket ids rise with the sort key, near enough: a ticket is numbered and updated after the older ones. */
const ID_LIKE_ORDERS = new Set<TicketSortField>(["lastUpdated", "createdAt"]);
/** The window holds this many times the tickets the page should need at the matches' share. */
const WINDOW_MARGIN = 3;
/** Past this many tickets, a window costs as much as reading every match. */
const WINDOW_MAX = 50_000;

/**
 * SQLite, a word search alone with many matches, in last-update or creation order: the page is
 * looked for among the first tickets of the order (a window sized from the matches' share of all
 * tickets), and FTS5 reads only the matches within the window's range of ids. Reading every match
 * into a set (the general page query) costs 50–130 ms for a word in a sixth to a third of a
 * million tickets; the window, a few. Answers undefined when it does not apply or when the window
 * held too few matches, and the general query runs. Exported for its test.
 */
export async function wordPageInWindow(
  db: Kysely<Database>,
  filter: TicketFilter,
  order: TicketOrder,
  page: Page,
): Promise<number[] | undefined> {
  const words = onlyWords(filter);
  if (!words || !ID_LIKE_ORDERS.has(order.sortBy) || !page.matches || page.matches <= SORT_MATCHES_MAX)
    return undefined;
  const tickets = await countTickets(db, "sqlite", {});
  const size = Math.ceil(((page.offset + page.limit) * tickets * WINDOW_MARGIN) / page.matches) + 100;
  if (size > WINDOW_MAX) return undefined;
  const column = sql.ref(SORT_COLUMNS[order.sortBy]);
  const direction = sql.raw(order.order);
  // Descending, the window holds the newest tickets, so the matches' ids start at its lowest id.
  const bound = order.order === "desc" ? sql`rowid >= (SELECT min(id) FROM w)` : sql`rowid <= (SELECT max(id) FROM w)`;
  const matches = sqliteWordMatches(words[0], words[1], bound);
  if (!matches) return undefined;
  const { rows } = await sql<{ id: number }>`
    WITH w AS (SELECT id, ${column} AS k FROM tickets ORDER BY ${column} ${direction}, id ${direction} LIMIT ${size})
    SELECT w.id AS id FROM w WHERE w.id IN (${matches})
    ORDER BY w.k ${direction}, w.id ${direction}
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  // The page is right when full, when the window held every ticket, or when it ends the matches.
  const complete = rows.length === page.limit || size >= tickets || page.offset + rows.length === page.matches;
  return complete ? rows.map((r) => r.id) : undefined;
}

/** One page of matching tickets, in order. */
export async function searchTicketPage(
  db: Kysely<Database>,
  engine: Engine,
  filter: TicketFilter,
  order: TicketOrder,
  page: Page,
): Promise<TicketRow[]> {
  const ids =
    (engine === "sqlite" ? await wordPageInWindow(db, filter, order, page) : undefined) ??
    (await pageIdsQuery(db, engine, filter, order, page).execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("tickets").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Tickets whose number (creation second) is `createdAt`: the target of a `#number` tag. */
export function ticketsByNumber(db: Kysely<Database>, createdAt: number): Promise<TicketRow[]> {
  return db.selectFrom("tickets").selectAll().where("created_at", "=", createdAt).orderBy("id").execute();
}

/** The staff entries (id, name, avatar) of the given users. */
export async function staffEntries(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .select(["id", "name", "avatar"])
    .where("id", "in", [...new Set(ids)])
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, avatar: r.avatar || null }));
}
