/**
 * The world the authorization matrix and the fuzz test act on: member A with a ticket, a chat
 * and files; member B; a temporary visitor with two tickets under one e-mail; one employee of
 * each rank; and a signed-in client per role (server/test/accessMatrix.ts).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { nowSeconds, randomToken } from "../auth/tokens.ts";
import { createPasswordToken } from "../repositories/passwordTokens.ts";
import type { AccessFixtures, RequestSpec, Role } from "./accessMatrix.ts";
import {
  buildCategory,
  buildChatMessage,
  buildMember,
  buildNote,
  buildServer,
  buildStaff,
  buildTempUser,
  buildTicket,
  FACTORY_PASSWORD,
} from "./factories.ts";
import { storeAvatar } from "./profiles.ts";
import { SAMPLE_FILES } from "./sampleFiles.ts";
import type { TestClient, TestServer } from "./server.ts";
import { openSession } from "./sessions.ts";

export const INTEGRATION_KEY = "matrix-integration-key-0123456789";

export interface AccessWorld {
  fixtures: AccessFixtures;
  /** One client per role, signed in as that role (anonymous: no session). */
  clients: Record<Role, TestClient>;
  /** User ids per role (anonymous: none). */
  userIds: Partial<Record<Role, number>>;
}

let counter = 0;

async function storeFile(server: TestServer, userId: number, ticketId: number | null): Promise<string> {
  const png = SAMPLE_FILES["image/png"]!;
  const name = `${randomToken(16)}.png`;
  const dir = server.node.ctx.uploads.dir;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), png.bytes);
  await server.store.db
    .insertInto("uploads")
    .values({
      name,
      user_id: userId,
      ticket_id: ticketId,
      mime: "image/png",
      size: png.bytes.length,
      original_name: png.name,
      created_at: nowSeconds(),
    })
    .execute();
  return name;
}

/** One row of a content table, live now. */
async function insertContent(
  store: TestServer["store"],
  table: "announcements" | "employee_announcements" | "faqs",
): Promise<number> {
  const now = nowSeconds();
  const base = { title: "Soru", message: "Cevap", value: 1 };
  const english = { eng_title: "Question", eng_message: "Answer" };
  const window = { start_date: now - 60, end_date: null, active: 1, created_at: now };
  const row =
    table === "faqs"
      ? await store.db
          .insertInto("faqs")
          .values({ ...base, ...english })
          .returning("id")
          .executeTakeFirstOrThrow()
      : table === "announcements"
        ? await store.db
            .insertInto("announcements")
            .values({ ...base, ...english, ...window })
            .returning("id")
            .executeTakeFirstOrThrow()
        : await store.db
            .insertInto("employee_announcements")
            .values({ ...base, ...window })
            .returning("id")
            .executeTakeFirstOrThrow();
  return row.id;
}

export async function buildAccessWorld(server: TestServer): Promise<AccessWorld> {
  const store = server.store;
  const now = nowSeconds();
  const gameServer = await buildServer(store);
  const category = await buildCategory(store);
  const memberA = await buildMember(store, { characters: [{ serverId: gameServer.id }] });
  const memberB = await buildMember(store, { characters: [{ serverId: gameServer.id }] });
  const [dev, mod, admin] = await Promise.all([
    buildStaff(store, { rank: "dev" }),
    buildStaff(store, { rank: "mod" }),
    buildStaff(store, { rank: "admin" }),
  ]);
  const ticketA = await buildTicket(store, {
    member: memberA,
    status: "REPLIED",
    category_id: category.id,
    server_id: gameServer.id,
  });
  const playerMessage = await buildChatMessage(store, ticketA);
  const staffOnly = await buildChatMessage(store, ticketA, {
    type: "assignment",
    sender_id: admin.id,
    sender_name: admin.name,
    user_class: "dev",
    message: `Assigned to ${mod.name} (internal)`,
  });
  const noteBy = (author: typeof dev) =>
    buildNote(store, ticketA, author, { message: `Note by ${author.name}` }).then((row) => row.id);
  const staffNotesA = { dev: await noteBy(dev), mod: await noteBy(mod), admin: await noteBy(admin) };
  const staffMessage = (author: typeof dev) =>
    buildChatMessage(store, ticketA, {
      sender_id: author.id,
      sender_name: author.name,
      user_class: "dev",
      message: `Hello from ${author.name}`,
    }).then((row) => row.id);
  const staffMessagesA = {
    dev: await staffMessage(dev),
    mod: await staffMessage(mod),
    admin: await staffMessage(admin),
  };
  const temp = await buildTempUser(store);
  const tempTicket = await buildTicket(store, { member: temp, category_id: category.id, server_id: gameServer.id });
  const tempOther = await buildTicket(store, { member: temp, category_id: category.id, server_id: gameServer.id });
  const announcement = await store.db
    .insertInto("announcements")
    .values({
      title: "Maintenance",
      message: "Tonight",
      start_date: now - 60,
      end_date: null,
      active: 1,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const uploads = {
    aOnTicketA: await storeFile(server, memberA.id, ticketA.id),
    aUnattached: await storeFile(server, memberA.id, null),
    tempOnTempTicket: await storeFile(server, temp.id, tempTicket.id),
    tempOnOtherTicket: await storeFile(server, temp.id, tempOther.id),
  };
  const assignable = await buildStaff(store, { rank: "mod", categoryIds: [category.id], serverIds: [gameServer.id] });
  const png = SAMPLE_FILES["image/png"]!;
  const fixtures: AccessFixtures = {
    memberA: {
      id: memberA.id,
      email: memberA.email,
      password: FACTORY_PASSWORD,
      characterName: memberA.characters[0]!.character_name,
      serverId: gameServer.id,
    },
    memberB: { id: memberB.id, email: memberB.email },
    categoryId: category.id,
    ticketA: { id: ticketA.id, chatId: `chat-${ticketA.id}` },
    playerMessageA: playerMessage.id,
    staffOnlyMessageA: staffOnly.id,
    staffNotesA,
    staffMessagesA,
    tempTicket: { id: tempTicket.id, email: temp.email, chatId: `chat-${tempTicket.id}` },
    tempOtherTicket: { id: tempOther.id },
    uploads,
    announcementId: announcement.id,
    integrationKey: INTEGRATION_KEY,
    async passwordToken() {
      const fresh = await buildMember(store);
      return createPasswordToken(store.db, fresh.id);
    },
    unique: () => `${process.pid}-${++counter}-${randomToken(4)}`,
    png: { name: png.name, bytes: new Uint8Array(png.bytes) },
    roleIds: {
      temporary: temp.id,
      memberA: memberA.id,
      memberB: memberB.id,
      dev: dev.id,
      mod: mod.id,
      admin: admin.id,
    },
    priorityId: ticketA.priority_id,
    async freshTicket(options = {}) {
      const status = options.status ?? "WAITING DEV";
      const owner = await buildMember(store, { characters: [{ serverId: gameServer.id }] });
      return buildTicket(store, {
        member: owner,
        status,
        category_id: category.id,
        server_id: gameServer.id,
        ...(options.assignedToAdmin ? { assigned_to: admin.id } : {}),
        ...(status === "CLOSED" ? { closed_by: String(admin.id) } : {}),
      });
    },
    assignableStaff: { id: assignable.id },
    async staffTarget(options = {}) {
      return buildStaff(store, { rank: options.rank ?? "dev", categoryIds: [category.id], serverIds: [gameServer.id] });
    },
    async freshSetupEntry(kind) {
      const title = `Entry ${randomToken(6)}`;
      if (kind === "categories") return buildCategory(store, { title });
      if (kind === "servers") return buildServer(store, { title });
      return store.db.insertInto("priorities").values({ title }).returning("id").executeTakeFirstOrThrow();
    },
    async freshQuickReply() {
      return store.db
        .insertInto("quick_replies")
        .values({ title: `Reply ${randomToken(6)}`, message: "Thank you for waiting." })
        .returning("id")
        .executeTakeFirstOrThrow();
    },
    async freshExcuse(action) {
      const excuse = `Reason ${randomToken(6)}`;
      await store.db.insertInto("fast_action_excuses").values({ action, excuse, value: 100 }).execute();
      return excuse;
    },
    adminAvatar: await storeAvatar(server, admin.id),
    async todo() {
      const row = await store.db
        .insertInto("todos")
        .values({ user_id: dev.id, field: "web", content: "Check the board", done: 0, timestamp: nowSeconds() })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
    employeeAnnouncementId: await insertContent(store, "employee_announcements"),
    faqId: await insertContent(store, "faqs"),
    freshContent: (table) => insertContent(store, table),
  };
  const client = () => server.client();
  const clients: Record<Role, TestClient> = {
    anonymous: client(),
    temporary: await openSession(server, client(), temp, "temp", tempTicket.id),
    memberA: await openSession(server, client(), memberA),
    memberB: await openSession(server, client(), memberB),
    dev: await openSession(server, client(), dev),
    mod: await openSession(server, client(), mod),
    admin: await openSession(server, client(), admin),
  };
  // The anonymous client gets its pre-session cookies the way a browser does, on first load.
  await clients.anonymous.get("/api/config/public");
  const userIds = {
    temporary: temp.id,
    memberA: memberA.id,
    memberB: memberB.id,
    dev: dev.id,
    mod: mod.id,
    admin: admin.id,
  };
  return { fixtures, clients, userIds };
}

/** Sends one matrix request the way the web client would (CSRF header unless `csrf: false`). */
export function sendAccessRequest(
  client: TestClient,
  method: string,
  path: string,
  spec: RequestSpec,
  options: { csrf?: boolean } = {},
) {
  let body: Record<string, unknown> | FormData | undefined;
  if (spec.multipart) {
    const form = new FormData();
    for (const [k, v] of Object.entries(spec.multipart.fields ?? {})) form.append(k, v);
    for (const file of spec.multipart.files ?? [])
      form.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
    body = form;
  } else if (spec.json) body = spec.json;
  else if (method !== "GET") body = {};
  return client.request(method, path, body, { csrf: options.csrf, headers: spec.headers });
}
