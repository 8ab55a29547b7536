/**
 * The views above the staff list (docs/decisions/views.md) count open tickets by assignee: mine,
 * unassigned, and waiting on me (assigned to me, the player spoke last). The counts of mine and
 * unassigned come from `tickets_assignee_status_updated` (migration 0003) alone; waiting on me
 * also reads who spoke last, which no index held, so each count visited the rows of the
 * assignee's open tickets. `tickets_open_waiting` holds the open tickets only (the ACTIVE
 * statuses, written literally as in migration 0026, so that both planners match the query to
 * it) with the assignee and the last speaker: PostgreSQL counts every view from it without
 * visiting a row, and a closed ticket leaves it, so its size follows the open tickets.
 *
 * `user_preferences.ticket_list_columns` keeps the list's chosen columns per staff member (a JSON
 * list; NULL: the default columns), so the choice follows them across browsers.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";
import { ACTIVE_LITERALS } from "./0026_deep_page_indexes.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await sql
    .raw(
      `CREATE INDEX tickets_open_waiting ON tickets (assigned_to, last_message_from) WHERE status IN (${ACTIVE_LITERALS})`,
    )
    .execute(db);
  await db.schema.alterTable("user_preferences").addColumn("ticket_list_columns", "text").execute();
}
