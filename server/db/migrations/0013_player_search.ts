/**
 * The player search at scale (spec/3-staff-administration.md §2.3; docs/decisions/search.md): trigram and lower-case
 * indexes for the name, e-mail and character-name boxes, and one index of players by class, type,
 * deletion and ban so that the exact totals of the search and the banned list count index entries,
 * and one of characters by server and player for the server filter.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { createPlayerTextIndexes } from "../textSearch.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createPlayerTextIndexes(db, engine);
  await db.schema
    .createIndex("users_players")
    .on("users")
    .columns(["class", "type", "deleted", "banned", "banned_until"])
    .execute();
  // The server filter: the players of a server straight from the index, without reading characters.
  await db.schema.createIndex("characters_server_user").on("characters").columns(["server_id", "user_id"]).execute();
}
