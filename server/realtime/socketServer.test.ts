import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck, startTestServer, type TestServer } from "../test/server.ts";

describe.each(ENGINES)("socket handshake and rooms on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses a socket without a session", async () => {
    const client = server.client();
    await client.get("/api/config/public");
    await expect(connected(client.socket())).rejects.toThrow("not_authenticated");
  });

  it("refuses a signed-in socket with a missing or foreign CSRF token, or another origin", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    await expect(connected(client.socket({ csrf: "" }))).rejects.toThrow("csrf_failed");
    const other = server.client();
    await other.get("/api/config/public");
    await expect(connected(client.socket({ csrf: other.csrf! }))).rejects.toThrow("csrf_failed");
    await expect(connected(client.socket({ origin: "https://evil.example" }))).rejects.toThrow("origin_not_allowed");
  });

  it("lets a user join only their own room and validates payloads", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const socket = client.socket({ origin: server.baseUrl });
    await connected(socket);
    expect(await emitWithAck(socket, "join_chatroom", { room_id: member.id, name: member.id })).toEqual({ ok: true });
    expect(await emitWithAck(socket, "join_chatroom", { room_id: member.id + 1000, name: member.id })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(await emitWithAck(socket, "join_chatroom", { room: "x".repeat(10) })).toEqual({
      ok: false,
      error: "validation",
    });
    expect(await emitWithAck(socket, "join_chatroom", "not an object")).toEqual({ ok: false, error: "validation" });
  });

  it("closes the user's sockets when they sign out", async () => {
    const staff = await buildStaff(server.store, { rank: "mod" });
    const client = server.client();
    await client.signIn(staff.email, FACTORY_PASSWORD);
    const socket = client.socket();
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    await client.post("/auth/logout");
    expect(await closed).toBe("io server disconnect");
  });
});
