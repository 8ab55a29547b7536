import { type Kysely, sql } from "kysely";
// Kysely 0.29 moved the migrator out of the main entry point.
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import type { Engine } from "./database.ts";
import * as identity from "./migrations/0001_identity.ts";
import * as setup from "./migrations/0002_setup.ts";
import * as tickets from "./migrations/0003_tickets.ts";
import * as content from "./migrations/0004_content.ts";
import * as uploads from "./migrations/0005_uploads.ts";
import * as temporaryIdentities from "./migrations/0006_temporary_identities.ts";
import * as ticketNumber from "./migrations/0007_ticket_number.ts";
import * as ticketSearch from "./migrations/0008_ticket_search.ts";
import * as notes from "./migrations/0010_notes.ts";
import * as playerSearch from "./migrations/0013_player_search.ts";
import * as todoBoard from "./migrations/0014_todo_board.ts";
import * as stats from "./migrations/0015_stats.ts";
import * as chatfold from "./migrations/0018_chatfold.ts";
import * as searchSpeed from "./migrations/0019_search_speed.ts";
import * as ticketCounts from "./migrations/0020_ticket_counts.ts";
import * as statsPeriods from "./migrations/0021_stats_periods.ts";
import * as chatClientId from "./migrations/0022_chat_client_id.ts";
import * as ticketServerCategory from "./migrations/0023_ticket_server_category.ts";
import * as wordCounts from "./migrations/0024_word_counts.ts";
import * as ticketUpdateDays from "./migrations/0025_ticket_update_days.ts";
import * as deepPageIndexes from "./migrations/0026_deep_page_indexes.ts";
import * as redundantTicketIndexes from "./migrations/0027_redundant_ticket_indexes.ts";
import * as ticketTexts from "./migrations/0028_ticket_texts.ts";
import * as wordCountFunction from "./migrations/0029_word_count_function.ts";
import * as staffNameUnique from "./migrations/0030_staff_name_unique.ts";
import * as adminResponsibilities from "./migrations/0031_admin_responsibilities.ts";
import * as firstHour from "./migrations/0032_first_hour.ts";
import * as holdWakeup from "./migrations/0034_hold_wakeup.ts";
import * as viewsIndexes from "./migrations/0035_views_indexes.ts";

/** Migrations in order. Each exports up(db, engine); they run unchanged on SQLite and PostgreSQL. */
export type EngineMigration = {
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
};

export const MIGRATIONS: Record<string, EngineMigration> = {
  "0001_identity": identity,
  "0002_setup": setup,
  "0003_tickets": tickets,
  "0004_content": content,
  "0005_uploads": uploads,
  "0006_temporary_identities": temporaryIdentities,
  "0007_ticket_number": ticketNumber,
  "0008_ticket_search": ticketSearch,
  "0010_notes": notes,
  "0013_player_search": playerSearch,
  "0014_todo_board": todoBoard,
  "0015_stats": stats,
  "0018_chatfold": chatfold,
  "0019_search_speed": searchSpeed,
  "0020_ticket_counts": ticketCounts,
  "0021_stats_periods": statsPeriods,
  "0022_chat_client_id": chatClientId,
  "0023_ticket_server_category": ticketServerCategory,
  "0024_word_counts": wordCounts,
  "0025_ticket_update_days": ticketUpdateDays,
  "0026_deep_page_indexes": deepPageIndexes,
  "0027_redundant_ticket_indexes": redundantTicketIndexes,
  "0028_ticket_texts": ticketTexts,
  "0029_word_count_function": wordCountFunction,
  "0030_staff_name_unique": staffNameUnique,
  "0031_admin_responsibilities": adminResponsibilities,
  "0032_first_hour": firstHour,
  "0034_hold_wakeup": holdWakeup,
  "0035_views_indexes": viewsIndexes,
};

export function migrateToLatest(db: Kysely<unknown>, engine: Engine): Promise<void> {
  return migrate(db, engine, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name`: tests that start from an older schema. */
export function migrateTo(db: Kysely<unknown>, engine: Engine, name: keyof typeof MIGRATIONS): Promise<void> {
  return migrate(db, engine, (migrator) => migrator.migrateTo(name));
}

/**
 * The advisory lock a PostgreSQL migration holds, and whatever drops a schema of the same
 * database takes too (the test stores' cleanup). Kysely's migrator first reads the catalog of every
 * schema, and PostgreSQL fails that read ("schema … does not exist") when another schema is
 * dropped under it. Across the nodes of one deployment it also lets one migration run at a time.
 */
export const SCHEMA_CHANGE_LOCK = 72_451_103;

async function migrate(
  db: Kysely<unknown>,
  engine: Engine,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  if (engine !== "postgres") return migrateUnlocked(db, engine, run);
  // Held on a connection of its own while the migrator uses others of the pool.
  await db.connection().execute(async (locked) => {
    await sql`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`.execute(locked);
    try {
      await migrateUnlocked(db, engine, run);
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_CHANGE_LOCK})`.execute(locked);
    }
  });
}

async function migrateUnlocked(
  db: Kysely<unknown>,
  engine: Engine,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    migrations[name] = { up: (kdb) => migration.up(kdb, engine) };
  }
  // Kysely looks for its lock table in every schema unless told which: a second schema on the same
  // PostgreSQL database (parallel test suites, another deployment) would make it skip creating its own.
  const migrationTableSchema =
    engine === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
