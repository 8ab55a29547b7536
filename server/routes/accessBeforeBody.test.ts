/**
 * Staff and admin routes refuse a caller who may not use them before they read the body (the
 * route's access in common/contract/, checked by server/http/contractRoutes.ts): the refusal is
 * the same whatever the body holds, and it names none of the route's fields.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/server.ts";

describe.each(ENGINES)("access before the body on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers an anonymous change-password with an empty body 401, naming no field", async () => {
    const response = await server.client().post("/api/users/change-password", {});
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("not_authenticated");
    const text = JSON.stringify(response.body);
    for (const field of ['"loc"', "dev_id", "re_password"]) expect(text).not.toContain(field);
  });

  it("answers a dev without users:reset_pw 403 whatever the change-password body", async () => {
    const dev = await buildStaff(server.store, { rank: "dev" });
    const client = server.client();
    await client.signIn(dev.email, FACTORY_PASSWORD);
    for (const body of [{}, { dev_id: "x", password: 5 }]) {
      const response = await client.post("/api/users/change-password", body);
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.body)).not.toContain('"loc"');
    }
  });

  it("answers a player's update-ticket with an empty priority 403, and changes nothing", async () => {
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member });
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const response = await client.post("/api/tickets/update-ticket", {
      ticket_id: ticket.id,
      new_category: ticket.category_id,
      new_priority: "",
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("forbidden");
    expect(JSON.stringify(response.body)).not.toContain("new_priority");
    const after = await server.store.db
      .selectFrom("tickets")
      .selectAll()
      .where("id", "=", ticket.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(ticket);
  });

  it("still tells an employee who may use update-ticket that an empty priority is wrong", async () => {
    const mod = await buildStaff(server.store, { rank: "mod" });
    const ticket = await buildTicket(server.store);
    const client = server.client();
    await client.signIn(mod.email, FACTORY_PASSWORD);
    const response = await client.post("/api/tickets/update-ticket", {
      ticket_id: ticket.id,
      new_category: ticket.category_id,
      new_priority: "",
    });
    expect(response.status).toBe(422);
    expect(JSON.stringify(response.body)).toContain("new_priority");
  });
});
