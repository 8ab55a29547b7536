import { describe, expect, it } from "vitest";
import { ENGINES } from "../test/engines.ts";
import {
  buildMember,
  buildServer,
  buildStaff,
  buildTempUser,
  buildTicket,
  FACTORY_PASSWORD,
} from "../test/factories.ts";
import { openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const GET_MEMBER = "/api/members/get-member";

describe.each(ENGINES)("get-member on %s", (engine) => {
  const server = useTestServer(engine);

  it("answers the member's own account with characters and server titles", async () => {
    const europe = await buildServer(server.store, { title: "Europe 1" });
    const asia = await buildServer(server.store, { title: "Asia" });
    const member = await buildMember(server.store, {
      characters: [
        { name: "Aragorn", level: 60, serverId: europe.id },
        { name: "Gimli", level: 12, serverId: asia.id },
      ],
    });
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const res = await client.get(GET_MEMBER);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      member: {
        id: member.id,
        name: member.name,
        email: member.email,
        banned: false,
        banned_until: 0,
        characters: [
          { characterName: "Aragorn", characterLevel: 60, server: "Europe 1", server_id: europe.id },
          { characterName: "Gimli", characterLevel: 12, server: "Asia", server_id: asia.id },
        ],
      },
    });
  });

  it("shows a running ban, and a ban whose time has passed as over", async () => {
    const until = Math.floor(Date.now() / 1000) + 3600;
    const banned = await buildMember(server.store, { bannedUntil: until });
    const client = server.client();
    await client.signIn(banned.email, FACTORY_PASSWORD);
    expect((await client.get(GET_MEMBER)).body.member).toMatchObject({ banned: true, banned_until: until });

    const past = await buildMember(server.store, { bannedUntil: 1000 });
    const other = server.client();
    await other.signIn(past.email, FACTORY_PASSWORD);
    expect((await other.get(GET_MEMBER)).body.member).toMatchObject({ banned: false, banned_until: 0 });
  });

  it("is for members only: 401 anonymous, 403 staff and temporary users", async () => {
    expect((await server.client().get(GET_MEMBER)).status).toBe(401);
    const staff = await buildStaff(server.store);
    const staffClient = server.client();
    await staffClient.signIn(staff.email, FACTORY_PASSWORD);
    expect((await staffClient.get(GET_MEMBER)).status).toBe(403);
    const temp = await buildTempUser(server.store);
    const ticket = await buildTicket(server.store, { member: { ...temp, characters: [] } });
    const tempClient = server.client();
    await openTemporarySession(server, tempClient, temp.id, ticket.id);
    expect((await tempClient.get(GET_MEMBER)).status).toBe(403);
  });
});
