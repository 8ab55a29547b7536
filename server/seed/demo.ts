/**
 * Demo data for `npm run demo`: staff of every rank, players (with and without characters, one
 * banned, one temporary), tickets in every status with chats and notes, announcements, FAQs,
 * changelog, quick replies. Runs after seedBase; does nothing once the demo staff exist.
 */
import type { Kysely, Selectable } from "kysely";
import type { Language } from "../../common/constants.ts";
import { RANK_DEFAULT_PERMISSIONS } from "../../common/permissions.ts";
import { hashPassword } from "../auth/passwords.ts";
import { writeSetting } from "../db/appSettings.ts";
import type { DataStore } from "../db/database.ts";
import type { Database, UsersTable } from "../db/schema.ts";
import { freeName, lockStaffNames } from "../repositories/staffNames.ts";
import { upsertMember } from "../usecases/upsertMember.ts";
import { insertDemoContent } from "./demoContent.ts";
import { insertDemoHistory } from "./demoHistory.ts";
import { DEMO_MEMBERS, DEMO_STAFF, type MemberKey, type StaffKey } from "./demoPeople.ts";
import { insertDemoTickets } from "./demoTickets.ts";
import { lockSeeding } from "./lock.ts";
import { insertUser } from "./users.ts";

export interface SeedDemoOptions {
  /** Password of every demo account. */
  password: string;
  log: (line: string) => void;
}

export interface SeedDemoResult {
  seeded: boolean;
}

const WEEK = 7 * 86_400;

export async function seedDemo(store: DataStore, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const marker = DEMO_STAFF[0]?.email ?? "";
  const existing = await store.db.selectFrom("users").select("id").where("email", "=", marker).executeTakeFirst();
  if (existing) return { seeded: false };

  const now = Math.floor(Date.now() / 1000);
  const withPassword = DEMO_STAFF.length;
  // Each account gets its own salted hash; hashing runs before the transaction holds a connection.
  const hashes = await Promise.all(Array.from({ length: withPassword }, () => hashPassword(options.password)));
  const nextHash = () => hashes.pop() ?? null;

  const ticketCount = await store.db.transaction().execute(async (trx) => {
    await lockSeeding(trx, store.engine);
    // Asked again under the lock: another node may have seeded the demo meanwhile.
    if (await trx.selectFrom("users").select("id").where("email", "=", marker).executeTakeFirst()) return undefined;
    const categories = await titleMap(trx, "categories");
    const servers = await titleMap(trx, "servers");
    const priorities = await titleMap(trx, "priorities");
    const defaultPriority = await trx
      .selectFrom("priorities")
      .select("id")
      .where("is_default", "=", 1)
      .where("deleted", "=", 0)
      .executeTakeFirst();
    if (categories.size === 0 || servers.size === 0 || !defaultPriority) {
      throw new Error("Demo seed needs the base seed (categories, servers, a default priority) first");
    }
    const pick = (map: Map<string, number>, titles: readonly string[] | "all") =>
      titles === "all" ? [...map.values()] : titles.map((t) => map.get(t)).filter((id) => id !== undefined);

    const staff = {} as Record<StaffKey, Selectable<UsersTable>>;
    // The admin of the base seed, or staff created before the demo, may go by a demo name in
    // some case: that demo account then takes the next free number.
    await lockStaffNames(trx, store.engine);
    for (const person of DEMO_STAFF) {
      staff[person.key] = await insertUser(
        trx,
        {
          class: "dev",
          rank: person.rank,
          name: await freeName(trx, store.engine, person.name, "staff"),
          email: person.email,
          passwordHash: nextHash(),
          permissions: RANK_DEFAULT_PERMISSIONS[person.rank],
          categoryIds: pick(categories, person.categories),
          serverIds: pick(servers, person.servers),
        },
        now,
      );
    }
    const members = {} as Record<MemberKey, Selectable<UsersTable>>;
    for (const person of DEMO_MEMBERS) {
      if (person.temp) {
        members[person.key] = await insertUser(
          trx,
          { class: "user", type: "temp", rank: "user", name: person.name, email: person.email, passwordHash: null },
          now,
        );
        continue;
      }
      // Players come the way the game sends them: through the member integration's use case.
      const { user } = await upsertMember(
        { db: trx, endSessions: () => {} },
        {
          email: person.email,
          name: person.name,
          password: options.password,
          ...(person.language ? { language: person.language as Language } : {}),
          characters: person.characters.map((c) => ({
            characterName: c.name,
            characterLevel: c.level,
            server: c.server,
          })),
        },
      );
      // Bans are the help desk's own business, not the game's; the ban log sets the exact end.
      members[person.key] = person.banned
        ? await trx
            .updateTable("users")
            .set({ banned: 1, banned_until: now + WEEK })
            .where("id", "=", user.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : user;
    }
    const refs = { staff, members, categories, servers, priorities, defaultPriority: defaultPriority.id };
    const tickets = await insertDemoTickets(trx, refs, now);
    // A year of ended tickets for the charts.
    const history = await insertDemoHistory(trx, refs, now);
    await insertDemoContent(trx, { categories, developerId: staff.dev.id }, now);
    // The base categories and servers are the demo game's own: the first-run checklist's setup item is done.
    await writeSetting(trx, "first_run_setup_confirmed_at", String(now));
    return tickets.length + history;
  });
  if (ticketCount === undefined) return { seeded: false };
  options.log(
    `Demo data added: ${DEMO_STAFF.length} staff, ${DEMO_MEMBERS.length} players, ${ticketCount} tickets. ` +
      `Sign in as ${DEMO_STAFF.map((s) => s.email).join(", ")} or player1@demo.test with the demo password.`,
  );
  return { seeded: true };
}

/** Title -> id of the rows not deleted. */
async function titleMap(
  db: Kysely<Database>,
  table: "categories" | "servers" | "priorities",
): Promise<Map<string, number>> {
  const rows = await db.selectFrom(table).select(["id", "title"]).where("deleted", "=", 0).execute();
  return new Map(rows.map((row) => [row.title, row.id]));
}
