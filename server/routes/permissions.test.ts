import { describe, expect, it } from "vitest";
import { PERMISSIONS, RANK_DEFAULT_PERMISSIONS } from "../../common/permissions.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, FACTORY_PASSWORD } from "../test/factories.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("permissions and profile calls on %s", (engine) => {
  const server = useTestServer(engine);

  it("gives an admin every permission and a mod their own list", async () => {
    const admin = await buildStaff(server.store, { rank: "admin", permissions: [] });
    const mod = await buildStaff(server.store, { rank: "mod" });
    const a = server.client();
    await a.signIn(admin.email, FACTORY_PASSWORD);
    expect((await a.get("/api/permissions/get-permissions")).body.permissions).toEqual([...PERMISSIONS]);
    const m = server.client();
    await m.signIn(mod.email, FACTORY_PASSWORD);
    const modPermissions = (await m.get("/api/permissions/get-permissions")).body.permissions as string[];
    expect([...modPermissions].sort()).toEqual([...RANK_DEFAULT_PERMISSIONS.mod].sort());
  });

  it("gives players and guests no staff permission, and anonymous callers a 401", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    expect((await client.get("/api/permissions/get-permissions")).status).toBe(401);
    expect((await client.post("/api/permissions/get-guest-permissions")).body).toEqual({ permissions: [] });
    await client.signIn(member.email, FACTORY_PASSWORD);
    expect((await client.get("/api/permissions/get-permissions")).body).toEqual({ permissions: [] });
  });

  it("stores the language preference of a signed-in user and validates it", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    expect((await client.post("/api/profile/change-language-preference", { language: "ar" })).status).toBe(401);
    await client.signIn(member.email, FACTORY_PASSWORD);
    expect((await client.post("/api/profile/change-language-preference", { language: "xx" })).status).toBe(422);
    const before = await server.store.db
      .selectFrom("users")
      .select("language")
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(before.language).toBe("en");
    const form = new URLSearchParams({ language: "pt-BR" });
    expect((await client.post("/api/profile/change-language-preference", form)).status).toBe(200);
    const after = await server.store.db
      .selectFrom("users")
      .select("language")
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(after.language).toBe("pt-BR");
  });

  it("returns preferences with their defaults, desktop notifications on", async () => {
    const dev = await buildStaff(server.store, { rank: "dev" });
    const client = server.client();
    await client.signIn(dev.email, FACTORY_PASSWORD);
    const res = await client.get("/api/profile/fetch-user-preferences");
    expect(res.status).toBe(200);
    expect(res.body.user_preferences).toMatchObject({
      user_id: dev.id,
      enable_desktop_notifications: true,
      redirect_after_ticket_complete: false,
      remove_all_chats_button: false,
    });
  });
});
