/** The factories build consistent rows on both engines. */
import { verify } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RANK_DEFAULT_PERMISSIONS } from "../../common/permissions.ts";
import { createTestStore, ENGINES, type TestStore } from "./engines.ts";
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

describe.each(ENGINES)("factories on %s", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(() => store.close());

  it("builds staff with rank permissions, responsibilities and preferences", async () => {
    const category = await buildCategory(store);
    const server = await buildServer(store);
    const staff = await buildStaff(store, { rank: "dev", categoryIds: [category.id], serverIds: [server.id] });
    expect(staff).toMatchObject({ class: "dev", rank: "dev", type: "normal" });
    expect(await verify(staff.password_hash ?? "", FACTORY_PASSWORD)).toBe(true);
    const permissions = await store.db
      .selectFrom("user_permissions")
      .select("permission")
      .where("user_id", "=", staff.id)
      .execute();
    expect(permissions.map((p) => p.permission).sort()).toEqual([...RANK_DEFAULT_PERMISSIONS.dev].sort());
    const handles = await store.db.selectFrom("user_categories").selectAll().where("user_id", "=", staff.id).execute();
    expect(handles).toEqual([{ user_id: staff.id, category_id: category.id }]);
    const preferences = await store.db
      .selectFrom("user_preferences")
      .selectAll()
      .where("user_id", "=", staff.id)
      .executeTakeFirst();
    expect(preferences?.enable_desktop_notifications).toBe(1);
  });

  it("builds members with and without characters, and temporary users", async () => {
    const member = await buildMember(store);
    expect(member.characters).toHaveLength(1);
    expect(member.characters[0]?.character_name.length).toBeLessThanOrEqual(9);
    const none = await buildMember(store, { characters: [] });
    expect(none.characters).toEqual([]);
    const banned = await buildMember(store, { bannedUntil: -1 });
    expect(banned).toMatchObject({ banned: 1, banned_until: -1 });
    const temp = await buildTempUser(store);
    expect(temp).toMatchObject({ type: "temp", class: "user", password_hash: null });
  });

  it("builds tickets with distinct numbers, chat messages and notes", async () => {
    const member = await buildMember(store);
    const createdAt = 1_700_000_000;
    const first = await buildTicket(store, { member, created_at: createdAt });
    const second = await buildTicket(store, { member, created_at: createdAt, status: "REPLIED" });
    expect(first.created_at).toBe(createdAt);
    expect(second.created_at).toBe(createdAt + 1);
    expect(second).toMatchObject({ status: "REPLIED", user_id: member.id, email: member.email, type: "normal" });
    expect(second.character_name).toBe(member.characters[0]?.character_name);

    const staff = await buildStaff(store);
    const message = await buildChatMessage(store, first);
    expect(message).toMatchObject({ ticket_id: first.id, sender_id: member.id, type: "message", read: 0 });
    const note = await buildNote(store, first, staff);
    expect(note).toMatchObject({ ticket_id: first.id, sender_id: staff.id, type: "note", user_class: "dev" });

    const temp = await buildTempUser(store);
    const tempTicket = await buildTicket(store, { member: temp });
    expect(tempTicket).toMatchObject({ type: "temp", ticket_type: "other", character_name: "" });
  });
});
