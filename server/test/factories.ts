/**
 * Test factories: each inserts one row with sensible defaults (and whatever it needs to exist
 * first) and returns it. Override any column through the options. Work on both engines.
 */
import { type Insertable, type Kysely, type RawBuilder, sql } from "kysely";
import type { TicketStatus } from "../../common/constants.ts";
import { RANK_DEFAULT_PERMISSIONS, type StaffRank } from "../../common/permissions.ts";
import { hashPassword } from "../auth/passwords.ts";
import type {
  CategoriesTable,
  CategoryRow,
  ChatMessageRow,
  ChatMessagesTable,
  Database,
  NoteRow,
  NotesTable,
  PrioritiesTable,
  PriorityRow,
  ServerRow,
  ServersTable,
  TicketRow,
  TicketsTable,
} from "../db/schema.ts";
import { freeTicketNumber } from "../db/ticketNumber.ts";
import { type InsertedUser, insertUser } from "../seed/users.ts";

/** Anything holding a Kysely handle: a DataStore, a TestStore, or { db: transaction }. */
type Store = { db: Kysely<Database> };

/** Password of every factory user unless one is given; it satisfies the password rules. */
export const FACTORY_PASSWORD = "Factory-Passw0rd!";

let sequence = 0;
const next = () => ++sequence;
const nowSeconds = () => Math.floor(Date.now() / 1000);

// argon2id at the production cost (about 20-40 ms a hash), computed once per distinct password:
// tests stay fast without a weaker algorithm.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export async function buildCategory(
  store: Store,
  values: Partial<Insertable<CategoriesTable>> = {},
): Promise<CategoryRow> {
  const n = next();
  return store.db
    .insertInto("categories")
    .values({ title: `Category ${n}`, value: n, locales: JSON.stringify({ tr: `Kategori ${n}` }), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildPriority(
  store: Store,
  values: Partial<Insertable<PrioritiesTable>> = {},
): Promise<PriorityRow> {
  const n = next();
  return store.db
    .insertInto("priorities")
    .values({ title: `Priority ${n}`, value: n, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildServer(store: Store, values: Partial<Insertable<ServersTable>> = {}): Promise<ServerRow> {
  const n = next();
  return store.db
    .insertInto("servers")
    .values({ title: `Server ${n}`, value: n, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface StaffOptions {
  rank?: StaffRank;
  name?: string;
  email?: string;
  password?: string;
  /** Defaults to the rank's default set. */
  permissions?: readonly string[];
  categoryIds?: readonly number[];
  serverIds?: readonly number[];
  disabledUntil?: number;
}

/** An employee (class dev) with permissions, responsibilities and a preferences row. */
export async function buildStaff(store: Store, options: StaffOptions = {}): Promise<InsertedUser> {
  const n = next();
  const rank = options.rank ?? "mod";
  return insertUser(
    store.db,
    {
      class: "dev",
      rank,
      name: options.name ?? `${rank}${n}`,
      email: options.email ?? `${rank}${n}@staff.test`,
      passwordHash: await cachedHash(options.password ?? FACTORY_PASSWORD),
      permissions: options.permissions ?? RANK_DEFAULT_PERMISSIONS[rank],
      categoryIds: options.categoryIds ?? [],
      serverIds: options.serverIds ?? [],
      ...(options.disabledUntil === undefined ? {} : { disabledUntil: options.disabledUntil }),
    },
    nowSeconds(),
  );
}

export interface MemberOptions {
  name?: string;
  email?: string;
  password?: string;
  language?: string;
  /** Defaults to one character on a new server; pass [] for a member without characters. */
  characters?: { name?: string; level?: number; serverId?: number }[];
  bannedUntil?: number;
}

/** A player (class user, type normal) with characters. */
export async function buildMember(store: Store, options: MemberOptions = {}): Promise<InsertedUser> {
  const n = next();
  const wanted = options.characters ?? [{}];
  const characters = [];
  for (const [i, c] of wanted.entries()) {
    characters.push({
      name: c.name ?? `Hero${n}x${i}`.slice(0, 9),
      level: c.level ?? 10,
      serverId: c.serverId ?? (await buildServer(store)).id,
    });
  }
  const bannedUntil = options.bannedUntil ?? 0;
  return insertUser(
    store.db,
    {
      class: "user",
      rank: "user",
      name: options.name ?? `player${n}`,
      email: options.email ?? `player${n}@members.test`,
      passwordHash: await cachedHash(options.password ?? FACTORY_PASSWORD),
      language: options.language ?? "en",
      banned: bannedUntil !== 0,
      bannedUntil,
      characters,
    },
    nowSeconds(),
  );
}

/** A temporary user (type temp): no password, known by e-mail. */
export async function buildTempUser(store: Store, options: { email?: string } = {}): Promise<InsertedUser> {
  const n = next();
  const email = options.email ?? `guest${n}@temp.test`;
  return insertUser(
    store.db,
    { class: "user", type: "temp", rank: "user", name: email.split("@")[0] ?? "guest", email, passwordHash: null },
    nowSeconds(),
  );
}

export interface TicketOptions extends Partial<Omit<Insertable<TicketsTable>, "status">> {
  status?: TicketStatus;
  /** The ticket's owner; defaults to a new member. Its e-mail, name and first character fill the ticket. */
  member?: InsertedUser;
}

/** A ticket; creates the owner, category, priority and server when not given. */
export async function buildTicket(store: Store, options: TicketOptions = {}): Promise<TicketRow> {
  const { member: given, ...values } = options;
  const member = given ?? (await buildMember(store));
  const character = member.characters[0];
  const now = nowSeconds();
  const createdAt = await freeTicketNumber(store.db, values.created_at ?? now);
  const temp = member.type === "temp";
  return store.db
    .insertInto("tickets")
    .values({
      user_id: member.id,
      email: member.email,
      name: member.name,
      character_name: character?.character_name ?? "",
      // Each default is built only when the caller did not choose one.
      server_id: values.server_id ?? character?.server_id ?? (await buildServer(store)).id,
      category_id: values.category_id ?? (await buildCategory(store)).id,
      priority_id: values.priority_id ?? (await defaultPriorityId(store)),
      subject: "My quest does not finish",
      description: "I collected every item but the quest giver does not accept them.",
      ticket_type: temp ? "other" : "member",
      type: temp ? "temp" : "normal",
      ...values,
      created_at: createdAt,
      last_updated: values.last_updated ?? createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The columns cloneTicket copies from its template. */
const CLONED_COLUMNS = [
  "user_id",
  "email",
  "name",
  "character_name",
  "server_id",
  "category_id",
  "priority_id",
  "subject",
  "description",
  "ticket_type",
  "type",
  "status",
  "created_at",
  "last_updated",
  "assigned_to",
] as const;

/**
 * `count` copies of `template` in one statement, for tests that need thousands of tickets. A
 * column is the template's unless `columns` gives an SQL expression for it, in which `g` is the
 * copy's number (1 to `count`) and the template's columns are in scope. `created_at` is the
 * ticket's number, unique: give it.
 */
export async function cloneTicket(
  store: Store,
  template: TicketRow,
  count: number,
  columns: Partial<Record<(typeof CLONED_COLUMNS)[number], RawBuilder<unknown>>> & { created_at: RawBuilder<unknown> },
): Promise<void> {
  await sql`WITH RECURSIVE g(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM g WHERE g < ${count})
    INSERT INTO tickets (${sql.join(CLONED_COLUMNS.map((column) => sql.id(column)))})
    SELECT ${sql.join(CLONED_COLUMNS.map((column) => columns[column] ?? sql.ref(`t.${column}`)))}
    FROM tickets t, g WHERE t.id = ${template.id}`.execute(store.db);
}

async function defaultPriorityId(store: Store): Promise<number> {
  const existing = await store.db
    .selectFrom("priorities")
    .select("id")
    .where("is_default", "=", 1)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  return existing?.id ?? (await buildPriority(store, { title: "Normal", is_default: 1 })).id;
}

export type MessageOptions = Partial<Omit<Insertable<ChatMessagesTable>, "ticket_id">>;

/** A chat message on a ticket; defaults to the ticket owner writing now. */
export async function buildChatMessage(
  store: Store,
  ticket: TicketRow,
  values: MessageOptions = {},
): Promise<ChatMessageRow> {
  return store.db
    .insertInto("chat_messages")
    .values({
      ticket_id: ticket.id,
      sender_id: ticket.user_id,
      sender_name: ticket.name,
      user_class: "user",
      message: "Any news about my ticket?",
      timestamp: nowSeconds(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An internal note on a ticket by an employee. */
export async function buildNote(
  store: Store,
  ticket: TicketRow,
  author: InsertedUser,
  values: Partial<Omit<Insertable<NotesTable>, "ticket_id">> = {},
): Promise<NoteRow> {
  return store.db
    .insertInto("notes")
    .values({
      ticket_id: ticket.id,
      type: "note",
      sender_id: author.id,
      sender_name: author.name,
      user_class: "dev",
      message: "Checked the logs; waiting for the game team.",
      timestamp: nowSeconds(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
