/**
 * The data set of the search benchmark (`npm run bench:search-data`): a help desk with a million
 * tickets and ten million chat messages, on SQLite or PostgreSQL. Texts are built from word lists
 * (names, e-mails, character names, subjects, descriptions, messages, order codes) so that
 * trigram searches hit and miss the way they would on real tickets.
 *
 *   BENCH_DATABASE_URL        PostgreSQL (schema BENCH_SEARCH_SCHEMA, default bench_search)
 *   BENCH_SEARCH_DIR          SQLite directory (default ./data/bench-search; git ignores data/)
 *   BENCH_SEARCH_TICKETS      tickets (default 1000000)
 *   BENCH_SEARCH_MESSAGES     chat messages (default 10000000)
 *
 * Fast: the tickets' and messages' indexes (and SQLite's full-text triggers) are dropped while
 * the rows go in, then built once. SQLite inserts in batched transactions with one prepared
 * statement; PostgreSQL builds the rows in the server with generate_series.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import pg from "pg";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { REBUILD_WORD_COUNTS } from "../server/db/migrations/0024_word_counts.ts";
import { REBUILD_UPDATE_DAYS } from "../server/db/migrations/0025_ticket_update_days.ts";
import { registerTextFunctions } from "../server/db/textSearch.ts";
import { REBUILD_TICKET_COUNTS } from "../server/repositories/ticketCounts.ts";

export const TICKETS = Number(process.env.BENCH_SEARCH_TICKETS ?? 1_000_000);
export const MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES ?? 10_000_000);
export const PG_URL = process.env.BENCH_DATABASE_URL;
export const PG_SCHEMA = process.env.BENCH_SEARCH_SCHEMA ?? "bench_search";
export const SQLITE_DIR = path.resolve(process.env.BENCH_SEARCH_DIR ?? "data/bench-search");
export const MEMBERS = 50_000;
export const STAFF = 60;
export const SERVERS = 20;
export const CATEGORIES = 12;
export const PRIORITIES = 4;
/** The first ticket number; tickets are 30 s apart (a million span about a year). */
export const FIRST_NUMBER = 1_700_000_000;
/** Staff sign in with this password (benchmark only). */
export const BENCH_PASSWORD = "Bench-Passw0rd!";

export const FIRST_NAMES = [
  "James",
  "Mary",
  "John",
  "Patricia",
  "Robert",
  "Jennifer",
  "Michael",
  "Linda",
  "William",
  "Elizabeth",
  "David",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "Mehmet",
  "Ayşe",
  "Mustafa",
  "Fatma",
  "Emre",
  "Zeynep",
  "Lukas",
  "Hannah",
  "Jonas",
  "Lea",
  "Lucas",
  "Emma",
  "Hugo",
  "Chloé",
  "Mateo",
  "Sofía",
  "Giulia",
  "Lorenzo",
  "João",
  "Ana",
  "Ivan",
  "Olga",
  "Dmitri",
  "Anya",
  "Omar",
  "Fatima",
  "Yusuf",
  "Leila",
  "Wei",
  "Mei",
  "Hiroshi",
  "Yuki",
  "Kenji",
  "Sakura",
  "Liam",
  "Noah",
  "Olivia",
  "Ava",
  "Mia",
  "Ethan",
];
export const LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Yılmaz",
  "Kaya",
  "Demir",
  "Şahin",
  "Çelik",
  "Müller",
  "Schmidt",
  "Schneider",
  "Fischer",
  "Weber",
  "Dubois",
  "Lefèvre",
  "Moreau",
  "Rossi",
  "Russo",
  "Ferrari",
  "Silva",
  "Santos",
  "Oliveira",
  "Ivanov",
  "Petrov",
  "Sokolov",
  "Haddad",
  "Nasser",
  "Rahman",
  "Wang",
  "Li",
  "Zhang",
  "Tanaka",
  "Suzuki",
];
const SYLLABLES = [
  "ka",
  "ra",
  "zor",
  "dra",
  "mir",
  "eth",
  "or",
  "lin",
  "vex",
  "tha",
  "gor",
  "nim",
  "bel",
  "sha",
  "dor",
  "kai",
  "ryu",
  "fen",
  "mor",
  "sil",
  "van",
  "gal",
  "ur",
  "ith",
  "zen",
  "tor",
  "ash",
  "el",
  "qua",
  "xen",
];
const SUBJECTS = [
  "Cannot log in to my account",
  "Lost items after server restart",
  "Refund for double payment",
  "Character stuck in the dungeon",
  "Quest does not complete",
  "Report a cheater",
  "Guild bank missing gold",
  "Mount disappeared from inventory",
  "Purchase not delivered",
  "Account hacked, please help",
  "Chat ban appeal",
  "Lag spikes every evening",
  "Game crashes on loading screen",
  "Wrong level after update",
  "Trade scam by another player",
  "Name change request",
  "Cannot join the arena",
  "Pet lost after death",
  "Payment failed but money taken",
  "Two-factor code not arriving",
  "Achievement not unlocked",
  "Bug in the crafting window",
  "Server transfer request",
  "Duplicate character name",
  "Event reward missing",
  "Hesabıma giriş yapamıyorum",
  "Gegenstände verloren",
  "No puedo iniciar sesión",
  "Objet disparu",
  "Не могу войти в аккаунт",
  "لا أستطيع الدخول إلى حسابي",
  "无法登录账号",
  "アイテムが消えました",
];
const SENTENCES = [
  "I was playing normally when the client froze.",
  "After the maintenance my inventory was empty.",
  "The quest giver near the castle gate does not accept the items.",
  "I paid twice with my credit card.",
  "Another player offered a trade and then logged out with my sword.",
  "The portal in the northern forest sends me into the void.",
  "My guild leader says the bank log shows nothing.",
  "I have attached a screenshot of the error message.",
  "This happens every day around eight in the evening.",
  "I already reinstalled the game and cleared the cache.",
  "The support bot told me to open a ticket.",
  "I think someone used my password from another country.",
  "My friend has the same problem on another server.",
  "The event chest gave me nothing at all.",
  "I cannot move my character, it is stuck in a wall.",
  "The arena queue never pops for my team.",
  "Please check the purchase history of my account.",
  "The mount vanished after I died in the swamp.",
  "The level shown in the profile is lower than before.",
  "I would like to change the name of my character.",
  "Bitte helfen Sie mir so schnell wie möglich.",
  "Por favor revisen mi cuenta.",
  "Merci de vérifier mon compte.",
  "Пожалуйста, проверьте мой аккаунт.",
  "أرجو مراجعة حسابي في أقرب وقت.",
  "请尽快帮我检查一下。",
  "よろしくお願いします。",
];
const MESSAGE_PHRASES = [
  "Hello, any news about my ticket?",
  "Thank you for contacting support.",
  "Could you tell me your character name?",
  "We are looking into it.",
  "I restored the items to your inventory.",
  "Please log out and back in.",
  "The refund has been processed.",
  "Can you send a screenshot?",
  "It still does not work.",
  "It works now, thanks a lot!",
  "Which server are you playing on?",
  "I changed my password already.",
  "We have banned the player who scammed you.",
  "The developers are aware of this bug.",
  "Please clear your cache and try again.",
  "When did this happen exactly?",
  "I will forward this to the game masters.",
  "Your account is safe now.",
  "The event reward was added to your mailbox.",
  "Sorry for the inconvenience.",
  "ok",
  "thanks",
  "still waiting",
  "any update?",
  "hello?",
  "merci beaucoup",
  "vielen Dank",
  "gracias",
  "спасибо",
  "شكرا جزيلا",
  "谢谢",
  "ありがとう",
];
const STATUSES = ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED", "RESOLVED", "CLOSED"];
/** Cumulative shares of each status: most tickets of an old help desk are closed. */
const STATUS_WEIGHTS = [0.04, 0.1, 0.13, 0.2, 0.35, 1];

/** Deterministic pseudo-random numbers (mulberry32), so that two runs build the same data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length) % list.length] as T;

/** Member k's name and e-mail: the same on both engines and in the benchmark's queries. */
export function memberOf(k: number): { name: string; email: string } {
  const first = FIRST_NAMES[k % FIRST_NAMES.length] as string;
  const last = LAST_NAMES[Math.floor(k / FIRST_NAMES.length) % LAST_NAMES.length] as string;
  return { name: `${first} ${last}`, email: `${first}.${last}${k}@mail.test`.toLowerCase() };
}

function characterName(rand: () => number): string {
  const n = 2 + Math.floor(rand() * 2);
  let name = "";
  for (let i = 0; i < n; i++) name += pick(SYLLABLES, rand());
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function statusOf(r: number): string {
  return STATUSES[STATUS_WEIGHTS.findIndex((w) => r < w)] ?? "CLOSED";
}

interface Ids {
  staff: number[];
  members: number[];
  servers: number[];
  categories: number[];
  priorities: number[];
}

/** Ticket i as a row (SQLite path; PostgreSQL builds the same shapes in SQL). */
function ticketRow(i: number, ids: Ids, rand: () => number, now: number) {
  const memberIndex = Math.floor(rand() * ids.members.length);
  const member = memberOf(memberIndex);
  const created = FIRST_NUMBER + i * 30;
  const status = statusOf(rand());
  const description = `${pick(SENTENCES, rand())} ${pick(SENTENCES, rand())} Order ORD-${String(Math.floor(rand() * 1e6)).padStart(6, "0")}.`;
  return [
    created,
    Math.min(now, created + Math.floor(rand() * 7 * 86_400)),
    ids.members[memberIndex],
    member.email,
    member.name,
    pick(ids.categories, rand()),
    pick(ids.priorities, rand()),
    pick(ids.servers, rand()),
    status,
    characterName(rand),
    pick(SUBJECTS, rand()),
    description,
    rand() < 0.15 ? null : pick(ids.staff, rand()),
    created + Math.floor(rand() * 86_400),
  ];
}

function messageText(rand: () => number, i: number): string {
  const r = rand();
  if (r < 0.05) return `My order code is ORD-${String(i % 1_000_000).padStart(6, "0")}, please check.`;
  if (r < 0.5) return pick(MESSAGE_PHRASES, rand());
  return `${pick(MESSAGE_PHRASES, rand())} ${pick(SENTENCES, rand())}`;
}

async function setup(db: ReturnType<typeof openDatabase>["db"]): Promise<Ids> {
  const { insertUser } = await import("../server/seed/users.ts");
  const { hashPassword } = await import("../server/auth/passwords.ts");
  const { RANK_DEFAULT_PERMISSIONS } = await import("../common/permissions.ts");
  const now = Math.floor(Date.now() / 1000);
  const servers: number[] = [];
  for (let i = 0; i < SERVERS; i++) {
    servers.push(
      (
        await db
          .insertInto("servers")
          .values({ title: `Server ${i + 1}` })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const categories: number[] = [];
  for (let i = 0; i < CATEGORIES; i++) {
    categories.push(
      (
        await db
          .insertInto("categories")
          .values({ title: `Category ${i + 1}` })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const priorities: number[] = [];
  for (let i = 0; i < PRIORITIES; i++) {
    priorities.push(
      (
        await db
          .insertInto("priorities")
          .values({ title: ["Low", "Normal", "High", "Urgent"][i] ?? "P", is_default: i === 1 ? 1 : 0 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const hash = await hashPassword(BENCH_PASSWORD);
  const staff: number[] = [];
  for (let i = 0; i < STAFF; i++) {
    const rank = i === 0 ? "admin" : i % 3 === 0 ? "dev" : "mod";
    const user = await insertUser(
      db,
      {
        class: "dev",
        rank,
        name: `Agent ${i}`,
        email: `agent${i}@staff.test`,
        passwordHash: hash,
        permissions: RANK_DEFAULT_PERMISSIONS[rank],
        categoryIds: categories,
        serverIds: servers,
      },
      now,
    );
    staff.push(user.id);
  }
  const members: number[] = [];
  for (let start = 0; start < MEMBERS; start += 1000) {
    const rows = [];
    for (let k = start; k < Math.min(MEMBERS, start + 1000); k++) {
      const m = memberOf(k);
      rows.push({
        class: "user" as const,
        type: "normal" as const,
        rank: "user" as const,
        name: m.name,
        email: m.email,
        password_hash: null,
        created_at: now,
        updated_at: now,
      });
    }
    const inserted = await db.insertInto("users").values(rows).returning("id").execute();
    members.push(...inserted.map((r) => r.id));
  }
  return { staff, members, servers, categories, priorities };
}

async function generateSqlite(): Promise<void> {
  rmSync(SQLITE_DIR, { recursive: true, force: true });
  mkdirSync(SQLITE_DIR, { recursive: true });
  const store = openDatabase({ dataDir: SQLITE_DIR });
  await migrateToLatest(store.db as never, "sqlite");
  const ids = await setup(store.db);
  await store.close();

  const sqlite = new SQLite(path.join(SQLITE_DIR, "helpdesk.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("cache_size = -400000");
  registerTextFunctions(sqlite); // the Exact indexes are built on unicode_lower()
  const tables = ["tickets", "chat_messages"];
  const saved = sqlite
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name IN ('tickets', 'chat_messages') AND sql IS NOT NULL`,
    )
    .all() as { type: string; name: string; sql: string }[];
  for (const s of saved) sqlite.exec(`DROP ${s.type === "index" ? "INDEX" : "TRIGGER"} ${s.name}`);
  const now = Math.floor(Date.now() / 1000);
  const rand = random(7);

  let t = performance.now();
  const insertTicket = sqlite.prepare(
    `INSERT INTO tickets (created_at, last_updated, user_id, email, name, category_id, priority_id, server_id, status,
       character_name, subject, description, assigned_to, last_message_at, ip_origin)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '203.0.113.7')`,
  );
  const BATCH = 50_000;
  const ticketBatch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) insertTicket.run(...ticketRow(i, ids, rand, now));
  });
  for (let from = 0; from < TICKETS; from += BATCH) ticketBatch(from, Math.min(TICKETS, from + BATCH));
  sqlite.prepare("UPDATE ticket_number SET last_number = ?").run(FIRST_NUMBER + TICKETS * 30);
  console.log(`tickets      ${TICKETS} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  t = performance.now();
  const firstId = (sqlite.prepare("SELECT min(id) AS id FROM tickets").get() as { id: number }).id;
  const insertMessage = sqlite.prepare(
    `INSERT INTO chat_messages (ticket_id, type, sender_id, sender_name, message, timestamp, user_class, read)
     VALUES (?, 'message', ?, ?, ?, ?, ?, 1)`,
  );
  const messageBatch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const ticket = firstId + Math.floor(rand() * TICKETS);
      const staffSide = rand() < 0.5;
      insertMessage.run(
        ticket,
        staffSide ? pick(ids.staff, rand()) : null,
        staffSide ? "Agent" : "Player",
        messageText(rand, i),
        FIRST_NUMBER + (ticket - firstId) * 30 + 60 + (i % 3600),
        staffSide ? "dev" : "user",
      );
    }
  });
  for (let from = 0; from < MESSAGES; from += BATCH) messageBatch(from, Math.min(MESSAGES, from + BATCH));
  console.log(`messages     ${MESSAGES} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  t = performance.now();
  for (const s of saved.filter((x) => x.type === "index")) sqlite.exec(s.sql);
  console.log(`indexes      built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  for (const s of saved.filter((x) => x.type === "trigger")) sqlite.exec(s.sql);
  // The triggers that keep the word indexes, the distinct values (migration 0019) and the status
  // counters (0020) were dropped with the others while the rows went in: fill them once.
  for (const statement of REBUILD_TICKET_COUNTS) sqlite.exec(statement);
  for (const column of ["name", "email", "character_name"]) {
    sqlite.exec(
      `INSERT INTO ticket_text_values (field, value) SELECT DISTINCT '${column}', ${column} FROM tickets
       WHERE ${column} IS NOT NULL ON CONFLICT (field, value) DO NOTHING`,
    );
  }
  sqlite.exec("INSERT INTO ticket_words(ticket_words) VALUES ('rebuild')");
  sqlite.exec(
    `INSERT INTO ticket_chat_words (rowid, message) SELECT ticket_id, group_concat(message, ' ') FROM chat_messages
     WHERE deleted = 0 AND message IS NOT NULL GROUP BY ticket_id`,
  );
  sqlite.exec("INSERT INTO tickets_fts(tickets_fts) VALUES ('rebuild')");
  console.log(`tickets_fts  built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  sqlite.exec("INSERT INTO chat_messages_fts(chat_messages_fts) VALUES ('rebuild')");
  console.log(`messages_fts built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  sqlite.exec("ANALYZE");
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  console.log(`analyze      ${((performance.now() - t) / 1000).toFixed(1)} s (${tables.join(", ")})`);
  sqlite.close();
}

async function generatePostgres(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`);
  await admin.query(`CREATE SCHEMA ${PG_SCHEMA}`);
  await admin.end();
  const dataDir = path.resolve("data/bench-search-pg");
  mkdirSync(dataDir, { recursive: true });
  const store = openDatabase({ dataDir, databaseUrl: url, pgSchema: PG_SCHEMA, queryTimeoutMs: 0 });
  await migrateToLatest(store.db as never, "postgres");
  const ids = await setup(store.db);
  await store.close();

  const client = new pg.Client({ connectionString: url, options: `-c search_path=${PG_SCHEMA}` });
  await client.connect();
  await client.query("SET maintenance_work_mem = '1GB'");
  await client.query("SET synchronous_commit = off");
  await client.query("SELECT setseed(0.42)");
  const saved = (
    await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1
       AND tablename IN ('tickets', 'chat_messages', 'ticket_chat_words', 'ticket_texts') AND indexname NOT LIKE '%_pkey'`,
      [PG_SCHEMA],
    )
  ).rows;
  for (const s of saved) await client.query(`DROP INDEX ${s.indexname}`);
  // The word counters and day counts (migrations 0024, 0025) are filled once after the load, not
  // by a trigger per row.
  await client.query("ALTER TABLE tickets DISABLE TRIGGER ticket_word_counts_change");
  await client.query("ALTER TABLE tickets DISABLE TRIGGER ticket_update_days_change");
  await client.query("ALTER TABLE ticket_chat_words DISABLE TRIGGER chat_word_counts_change");
  // The copy of subject and description (migration 0028) is made in one statement after the load.
  await client.query("ALTER TABLE tickets DISABLE TRIGGER ticket_texts_copy");
  // A fresh data set has no stored statistic periods to forget (migration 0032): no trigger per row.
  await client.query("ALTER TABLE tickets DISABLE TRIGGER stats_periods_forget_insert");
  const now = Math.floor(Date.now() / 1000);
  const firstNames = FIRST_NAMES;
  const lastNames = LAST_NAMES;

  let t = performance.now();
  // Member k of ids.members is the k-th inserted member: memberOf(k) is its name and e-mail.
  await client.query(
    `WITH src AS (
       SELECT g, floor(random() * $3)::int AS k, random() AS rs, random() AS ra
       FROM generate_series(0, $1::int - 1) g
     )
     INSERT INTO tickets (created_at, last_updated, user_id, email, name, category_id, priority_id, server_id, status,
       character_name, subject, description, assigned_to, last_message_at, ip_origin)
     SELECT ${FIRST_NUMBER} + g * 30,
            least($2::bigint, ${FIRST_NUMBER}::bigint + g * 30 + floor(random() * 7 * 86400)::bigint),
            ($4::int[])[k + 1],
            lower(($5::text[])[k % $7 + 1] || '.' || ($6::text[])[(k / $7) % $8 + 1] || k || '@mail.test'),
            ($5::text[])[k % $7 + 1] || ' ' || ($6::text[])[(k / $7) % $8 + 1],
            ($9::int[])[1 + floor(random() * $10)::int],
            ($11::int[])[1 + floor(random() * $12)::int],
            ($13::int[])[1 + floor(random() * $14)::int],
            CASE WHEN rs < 0.04 THEN 'NEW TICKET' WHEN rs < 0.1 THEN 'WAITING DEV' WHEN rs < 0.13 THEN 'ON HOLD'
                 WHEN rs < 0.2 THEN 'REPLIED' WHEN rs < 0.35 THEN 'RESOLVED' ELSE 'CLOSED' END,
            initcap(($15::text[])[1 + floor(random() * $16)::int] || ($15::text[])[1 + floor(random() * $16)::int]
                    || CASE WHEN random() < 0.5 THEN ($15::text[])[1 + floor(random() * $16)::int] ELSE '' END),
            ($17::text[])[1 + floor(random() * $18)::int],
            ($19::text[])[1 + floor(random() * $20)::int] || ' ' || ($19::text[])[1 + floor(random() * $20)::int]
              || ' Order ORD-' || lpad(floor(random() * 1000000)::int::text, 6, '0') || '.',
            CASE WHEN ra < 0.15 THEN NULL ELSE ($21::int[])[1 + floor(random() * $22)::int] END,
            ${FIRST_NUMBER} + g * 30 + floor(random() * 86400)::bigint,
            '203.0.113.7'
     FROM src`,
    [
      TICKETS,
      now,
      ids.members.length,
      ids.members,
      firstNames,
      lastNames,
      firstNames.length,
      lastNames.length,
      ids.categories,
      ids.categories.length,
      ids.priorities,
      ids.priorities.length,
      ids.servers,
      ids.servers.length,
      SYLLABLES,
      SYLLABLES.length,
      SUBJECTS,
      SUBJECTS.length,
      SENTENCES,
      SENTENCES.length,
      ids.staff,
      ids.staff.length,
    ],
  );
  await client.query("UPDATE ticket_number SET last_number = $1", [FIRST_NUMBER + TICKETS * 30]);
  console.log(`tickets      ${TICKETS} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await client.query(
    "INSERT INTO ticket_texts (ticket_id, subject, description) SELECT id, subject, description FROM tickets",
  );
  await client.query("ALTER TABLE tickets ENABLE TRIGGER ticket_texts_copy");
  await client.query("ALTER TABLE tickets ENABLE TRIGGER stats_periods_forget_insert");

  t = performance.now();
  // The chat's words are aggregated once after the load (as migration 0019 does) rather than
  // appended by ten million deferred upserts, which leave a bloated table behind.
  await client.query("ALTER TABLE chat_messages DISABLE TRIGGER ticket_chat_words_insert");
  const firstId = Number((await client.query<{ id: number }>("SELECT min(id) AS id FROM tickets")).rows[0]?.id);
  const CHUNK = 1_000_000;
  for (let from = 0; from < MESSAGES; from += CHUNK) {
    await client.query(
      `WITH src AS (
         SELECT g, $1::int + floor(random() * $2)::int AS ticket, random() < 0.5 AS staff_side, random() AS r
         FROM generate_series($3::int, $4::int - 1) g
       )
       INSERT INTO chat_messages (ticket_id, type, sender_id, sender_name, message, timestamp, user_class, read)
       SELECT ticket, 'message',
              CASE WHEN staff_side THEN ($5::int[])[1 + floor(random() * $6)::int] END,
              CASE WHEN staff_side THEN 'Agent' ELSE 'Player' END,
              CASE WHEN r < 0.05 THEN 'My order code is ORD-' || lpad((g % 1000000)::text, 6, '0') || ', please check.'
                   WHEN r < 0.5 THEN ($7::text[])[1 + floor(random() * $8)::int]
                   ELSE ($7::text[])[1 + floor(random() * $8)::int] || ' ' || ($9::text[])[1 + floor(random() * $10)::int] END,
              ${FIRST_NUMBER}::bigint + (ticket - $1) * 30 + 60 + g % 3600,
              CASE WHEN staff_side THEN 'dev' ELSE 'user' END,
              1
       FROM src`,
      [
        firstId,
        TICKETS,
        from,
        Math.min(MESSAGES, from + CHUNK),
        ids.staff,
        ids.staff.length,
        MESSAGE_PHRASES,
        MESSAGE_PHRASES.length,
        SENTENCES,
        SENTENCES.length,
      ],
    );
  }
  console.log(`messages     ${MESSAGES} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  await client.query("SET work_mem = '256MB'");
  await client.query("DELETE FROM ticket_chat_words");
  await client.query(
    `INSERT INTO ticket_chat_words (ticket_id, words)
       SELECT ticket_id, strip(to_tsvector('simple'::regconfig, string_agg(message, ' ')))
       FROM chat_messages WHERE deleted = 0 AND message IS NOT NULL GROUP BY ticket_id`,
  );
  await client.query("ALTER TABLE chat_messages ENABLE TRIGGER ticket_chat_words_insert");
  console.log(`chat words   built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  for (const statement of [...REBUILD_WORD_COUNTS, ...REBUILD_UPDATE_DAYS]) await client.query(statement);
  await client.query("ALTER TABLE tickets ENABLE TRIGGER ticket_word_counts_change");
  await client.query("ALTER TABLE tickets ENABLE TRIGGER ticket_update_days_change");
  await client.query("ALTER TABLE ticket_chat_words ENABLE TRIGGER chat_word_counts_change");
  console.log(`counters     built in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  for (const s of saved) {
    t = performance.now();
    await client.query(s.indexdef);
    console.log(`index        ${s.indexname} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  t = performance.now();
  await client.query("VACUUM (ANALYZE) tickets");
  await client.query("VACUUM (ANALYZE) chat_messages");
  await client.query("VACUUM (ANALYZE) notifications");
  // Filled by triggers while the rows went in (the chat's words by ten million upserts): the
  // visibility map and the statistics of the word and value tables matter as much.
  await client.query("VACUUM (ANALYZE) ticket_chat_words");
  await client.query("VACUUM (ANALYZE) ticket_text_values");
  await client.query("VACUUM (ANALYZE) ticket_texts");
  await client.query("VACUUM (ANALYZE) ticket_counts");
  await client.query("VACUUM (ANALYZE) word_counts");
  await client.query("VACUUM (ANALYZE) ticket_update_days");
  console.log(`vacuum       ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await client.end();
}

if (import.meta.main) {
  const started = performance.now();
  console.log(
    `generating ${TICKETS} tickets and ${MESSAGES} chat messages on ${PG_URL ? `PostgreSQL (schema ${PG_SCHEMA})` : `SQLite (${SQLITE_DIR})`}`,
  );
  if (PG_URL) await generatePostgres(PG_URL);
  else await generateSqlite();
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
