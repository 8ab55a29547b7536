import type { Kysely, Selectable } from "kysely";
import type { UserPreferences } from "../../common/schemas/auth.ts";
import type { PreferenceFlag } from "../../common/schemas/profile.ts";
import {
  DEFAULT_TICKET_LIST_COLUMNS,
  TICKET_LIST_COLUMNS,
  type TicketListColumn,
} from "../../common/ticketListColumns.ts";
import type { Database, UserPreferencesTable } from "../db/schema.ts";

/** The stored columns in the list's order; NULL or an unreadable value: the defaults. */
function listColumns(stored: string | null): TicketListColumn[] {
  if (stored === null) return [...DEFAULT_TICKET_LIST_COLUMNS];
  let chosen: unknown;
  try {
    chosen = JSON.parse(stored);
  } catch {
    return [...DEFAULT_TICKET_LIST_COLUMNS];
  }
  if (!Array.isArray(chosen)) return [...DEFAULT_TICKET_LIST_COLUMNS];
  return TICKET_LIST_COLUMNS.filter((column) => chosen.includes(column));
}

function present(row: Selectable<UserPreferencesTable>): UserPreferences {
  return {
    user_id: row.user_id,
    redirect_after_ticket_complete: row.redirect_after_ticket_complete === 1,
    notification_sound_on: row.notification_sound_on === 1,
    enable_desktop_notifications: row.enable_desktop_notifications === 1,
    remove_all_chats_button: row.remove_all_chats_button === 1,
    ticket_history_page_size: row.ticket_history_page_size,
    ticket_list_columns: listColumns(row.ticket_list_columns),
  };
}

/** A user's preferences; the row is created with the defaults the first time it is asked for. */
export async function loadPreferences(db: Kysely<Database>, userId: number, now: number): Promise<UserPreferences> {
  const existing = await db.selectFrom("user_preferences").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (existing) return present(existing);
  await db
    .insertInto("user_preferences")
    .values({ user_id: userId, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const created = await db
    .selectFrom("user_preferences")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return present(created);
}

/** What a save may change; a field left out keeps its value. */
export interface PreferenceChanges extends Partial<Record<PreferenceFlag, boolean>> {
  ticket_list_columns?: readonly TicketListColumn[];
}

/**
 * Writes the fields given (a field left out keeps its value) in one upsert, so two tabs saving at
 * once both land, then answers the record.
 */
export async function savePreferences(
  db: Kysely<Database>,
  userId: number,
  changes: PreferenceChanges,
  now: number,
): Promise<UserPreferences> {
  const { ticket_list_columns: columns, ...flags } = changes;
  const set: Partial<Record<PreferenceFlag, number>> & { ticket_list_columns?: string } = {};
  for (const [flag, on] of Object.entries(flags) as [PreferenceFlag, boolean | undefined][]) {
    if (on !== undefined) set[flag] = on ? 1 : 0;
  }
  if (columns !== undefined) {
    set.ticket_list_columns = JSON.stringify(TICKET_LIST_COLUMNS.filter((column) => columns.includes(column)));
  }
  await db
    .insertInto("user_preferences")
    .values({ user_id: userId, updated_at: now, ...set })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...set, updated_at: now }))
    .execute();
  return loadPreferences(db, userId, now);
}
