/**
 * The member's filing status on both engines: what /member/create-ticket reads
 * before it shows the form. Each answer is checked against what the submit call then does, so
 * the advice and the refusal cannot drift apart; and only the caller's own rows count.
 */
import { describe, expect, it } from "vitest";
import { ALLOWED_ATTACHMENT_TYPES } from "../../common/constants.ts";
import { writeSetting } from "../db/appSettings.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTempUser, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const STATUS = "/api/members/filing-status";

describe.each(ENGINES)("filing status on %s", (engine) => {
  const server = useTestServer(engine, { UPLOAD_MAX_BYTES: "1234567" });

  async function signedIn(options: Parameters<typeof buildMember>[1] = {}) {
    const member = await buildMember(server.store, options);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    return { member, client };
  }

  it("is open for a member below the cap, counting only ACTIVE tickets", async () => {
    const { member, client } = await signedIn();
    await buildTicket(server.store, { member, status: "REPLIED", created_at: 1_000_000 });
    await buildTicket(server.store, { member, status: "CLOSED", created_at: 1_000_000 });
    await buildTicket(server.store, { member, status: "RESOLVED", created_at: 1_000_000 });
    const res = await client.get(STATUS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ filing: { state: "open", banned_until: 0, active_tickets: 1, active_cap: 3 } });
  });

  it("says the cap is reached, with the count and the cap; answered (REPLIED) tickets still count", async () => {
    const { member, client } = await signedIn();
    await buildTicket(server.store, { member, status: "NEW TICKET", created_at: 1_000_000 });
    await buildTicket(server.store, { member, status: "REPLIED", created_at: 1_000_000 });
    await buildTicket(server.store, { member, status: "ON HOLD", created_at: 1_000_000 });
    const res = await client.get(STATUS);
    expect(res.body).toEqual({ filing: { state: "active_cap", banned_until: 0, active_tickets: 3, active_cap: 3 } });
  });

  it("follows the operator's cap (MEMBER_ACTIVE_TICKET_CAP in app_settings)", async () => {
    const { member, client } = await signedIn();
    await buildTicket(server.store, { member, status: "WAITING DEV", created_at: 1_000_000 });
    await writeSetting(server.store.db, "member_active_ticket_cap", "1");
    try {
      expect((await client.get(STATUS)).body.filing).toMatchObject({
        state: "active_cap",
        active_tickets: 1,
        active_cap: 1,
      });
    } finally {
      await writeSetting(server.store.db, "member_active_ticket_cap", "3");
    }
    expect((await client.get(STATUS)).body.filing).toMatchObject({ state: "open", active_cap: 3 });
  });

  it("gives a running ban's end, and -1 for a ban without end; a past ban is over", async () => {
    const until = Math.floor(Date.now() / 1000) + 7200;
    const timed = await signedIn({ bannedUntil: until });
    expect((await timed.client.get(STATUS)).body).toEqual({
      filing: { state: "banned", banned_until: until, active_tickets: 0, active_cap: 3 },
    });
    const forever = await signedIn({ bannedUntil: -1 });
    expect((await forever.client.get(STATUS)).body.filing).toMatchObject({ state: "banned", banned_until: -1 });
    const past = await signedIn({ bannedUntil: 1000 });
    expect((await past.client.get(STATUS)).body.filing).toMatchObject({ state: "open", banned_until: 0 });
  });

  it("names the cap before the rate: the cap lasts, the rate clears in minutes", async () => {
    const { member, client } = await signedIn();
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 3; i++) await buildTicket(server.store, { member, status: "NEW TICKET", created_at: now - 60 });
    expect((await client.get(STATUS)).body.filing).toMatchObject({ state: "active_cap", active_tickets: 3 });
  });

  it("puts the ban before the cap, as the submit call does", async () => {
    const { member, client } = await signedIn({ bannedUntil: -1 });
    for (let i = 0; i < 3; i++)
      await buildTicket(server.store, { member, status: "NEW TICKET", created_at: 1_000_000 });
    expect((await client.get(STATUS)).body.filing).toMatchObject({ state: "banned", active_tickets: 3 });
  });

  it("names the submission rate and a member without characters", async () => {
    const busy = await signedIn();
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 3; i++) {
      await buildTicket(server.store, { member: busy.member, status: "RESOLVED", created_at: now - 60 });
    }
    expect((await busy.client.get(STATUS)).body.filing).toMatchObject({ state: "rate_limited", active_tickets: 0 });
    const empty = await signedIn({ characters: [] });
    expect((await empty.client.get(STATUS)).body.filing).toMatchObject({ state: "no_character" });
  });

  it("never counts another player's tickets or shows another player's ban", async () => {
    const other = await buildMember(server.store, { bannedUntil: -1 });
    for (let i = 0; i < 3; i++) {
      await buildTicket(server.store, { member: other, status: "NEW TICKET", created_at: 1_000_000 });
    }
    const { client } = await signedIn();
    const res = await client.get(STATUS);
    expect(res.body).toEqual({ filing: { state: "open", banned_until: 0, active_tickets: 0, active_cap: 3 } });
    expect(JSON.stringify(res.body)).not.toContain(other.email);
  });

  it("is a member's own call: 401 without a session, 403 for staff and temporary users", async () => {
    expect((await server.client().get(STATUS)).status).toBe(401);
    const staff = await buildStaff(server.store);
    const employee = server.client();
    await employee.signIn(staff.email, FACTORY_PASSWORD);
    const refused = await employee.get(STATUS);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden");
    const temp = await buildTempUser(server.store);
    const tempTicket = await buildTicket(server.store, { member: temp });
    const visitor = server.client();
    await openTemporarySession(server, visitor, temp.id, tempTicket.id);
    expect((await visitor.get(STATUS)).status).toBe(403);
  });

  it("public config tells the forms the upload limits from the configuration", async () => {
    const res = await server.client().get("/api/config/public");
    expect(res.body.uploads).toEqual({ maxBytes: 1234567, maxFiles: 5, types: [...ALLOWED_ATTACHMENT_TYPES] });
  });
});
