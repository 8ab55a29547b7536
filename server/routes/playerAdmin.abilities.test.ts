/**
 * The profile's ban abilities say what the ban calls answer, over real HTTP on every engine: for
 * the admin, the assignee, the mod who closed a ticket, another mod and a dev outside the
 * player's category, the profile names the newest ticket on which the ban policy lets the caller
 * act; a ban and an unban through that ticket go through, every newer ticket is refused as the
 * ability said, and a forged ticket_id is refused as it always was, writing nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { GetMemberInformationResponse, PlayerBanAbilities } from "../../common/schemas/playerAdmin.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { TicketRow } from "../db/schema.ts";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildMember, buildServer, buildStaff, buildTicket } from "../test/factories.ts";
import type { TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const INFORMATION = "/api/members/get-member-information";
const BAN = "/api/tickets/ban-member-user";
const UNBAN = "/api/tickets/unban-member-user";
const WEEK = 7 * 86_400;

type Actor = "admin" | "mod" | "closer" | "mod2" | "dev";

describe.each(ENGINES)("the profile's ban abilities on %s", (engine) => {
  const server = useTestServer(engine);
  const db = () => server.store.db;

  let staff: Record<Actor, InsertedUser>;
  let clients: Record<Actor, TestClient>;
  let categoryId: number;
  let serverId: number;

  const signedIn = (user: { id: number; class: "dev" | "user" }) => openSession(server, server.client(), user);

  beforeAll(async () => {
    const store = server.store;
    categoryId = (await buildCategory(store)).id;
    serverId = (await buildServer(store)).id;
    const otherCategory = (await buildCategory(store)).id;
    const handles = { categoryIds: [categoryId], serverIds: [serverId] };
    staff = {
      admin: await buildStaff(store, { rank: "admin", ...handles }),
      mod: await buildStaff(store, { rank: "mod", ...handles }),
      closer: await buildStaff(store, { rank: "mod", ...handles }),
      mod2: await buildStaff(store, { rank: "mod", ...handles }),
      dev: await buildStaff(store, { rank: "dev", categoryIds: [otherCategory], serverIds: [serverId] }),
    };
    clients = {
      admin: await signedIn(staff.admin),
      mod: await signedIn(staff.mod),
      closer: await signedIn(staff.closer),
      mod2: await signedIn(staff.mod2),
      dev: await signedIn(staff.dev),
    };
  });

  /**
   * A member with, oldest first: a ticket the closer CLOSED (assigned to the mod), an open one
   * assigned to the mod, a new unassigned one, and a RESOLVED one of the mod's, the newest.
   */
  async function scene() {
    const member = await buildMember(server.store, { characters: [{ serverId }] });
    const now = nowSeconds();
    const ticket = (created_at: number, values: Parameters<typeof buildTicket>[1]) =>
      buildTicket(server.store, { member, category_id: categoryId, server_id: serverId, created_at, ...values });
    const closed = await ticket(now - 4000, {
      status: "CLOSED",
      assigned_to: staff.mod.id,
      closed_by: String(staff.closer.id),
    });
    const assigned = await ticket(now - 3000, { status: "WAITING DEV", assigned_to: staff.mod.id });
    const unassigned = await ticket(now - 2000, { status: "NEW TICKET", assigned_to: null });
    const resolved = await ticket(now - 1000, { status: "RESOLVED", assigned_to: staff.mod.id });
    return { member, closed, assigned, unassigned, resolved, newestFirst: [resolved, unassigned, assigned, closed] };
  }

  const profile = async (actor: Actor, memberId: number) => {
    const response = await clients[actor].post<GetMemberInformationResponse>(INFORMATION, { member_id: memberId });
    expect(response.status, `${actor}'s profile`).toBe(200);
    return response.body;
  };

  const target = (ticket: TicketRow) => ({ ticket_id: ticket.id, createdAt: ticket.created_at, email: ticket.email });

  const written = async (memberId: number) => ({
    user: await db()
      .selectFrom("users")
      .select(["banned", "banned_until"])
      .where("id", "=", memberId)
      .executeTakeFirstOrThrow(),
    logs: (await db().selectFrom("ban_logs").select("id").where("user_id", "=", memberId).execute()).length,
    flags: (await db().selectFrom("tickets").select("banned").where("user_id", "=", memberId).execute()).map(
      (t) => t.banned,
    ),
  });

  it("names the newest ticket the ban policy allows, for each rank and role", async () => {
    const s = await scene();
    const want: Record<Actor, PlayerBanAbilities> = {
      // An admin may ban on any ticket that is not RESOLVED: the newest such is the unassigned one.
      admin: { ban: target(s.unassigned), unban: null, refusal: null },
      // The assignee: the open ticket of theirs (their resolved one allows nobody).
      mod: { ban: target(s.assigned), unban: null, refusal: null },
      // Whoever closed a ticket may ban on it while it stays CLOSED.
      closer: { ban: target(s.closed), unban: null, refusal: null },
      // Neither assignee nor closer of any ticket: nothing, and why.
      mod2: { ban: null, unban: null, refusal: "ban_not_allowed" },
      dev: { ban: null, unban: null, refusal: "ban_not_allowed" },
    };
    for (const actor of Object.keys(want) as Actor[]) {
      const body = await profile(actor, s.member.id);
      expect(body.abilities, actor).toEqual(want[actor]);
    }
  });

  it("agrees with the ban calls: newer tickets are refused, the named one bans and unbans", async () => {
    const s = await scene();
    for (const actor of ["admin", "mod", "closer", "mod2", "dev"] as Actor[]) {
      const { abilities } = await profile(actor, s.member.id);
      const named = abilities.ban?.ticket_id;
      const client = clients[actor];
      // Every ticket newer than the named one (all of them when none is named) is refused, and
      // the refusal writes nothing.
      const newer =
        named === undefined
          ? s.newestFirst
          : s.newestFirst.slice(
              0,
              s.newestFirst.findIndex((t) => t.id === named),
            );
      for (const ticket of newer) {
        const before = await written(s.member.id);
        const refused = await client.post(BAN, { ticket_id: ticket.id, ban_reason: "Spam", ban_time: WEEK });
        expect(refused.status, `${actor} on ${ticket.status}`).toBe(403);
        expect(refused.body.code).toBe(ticket.status === "RESOLVED" ? "ban_ticket_resolved" : "ban_not_allowed");
        expect(await written(s.member.id)).toEqual(before);
      }
      if (named === undefined) continue;

      const banned = await client.post(BAN, { ticket_id: named, ban_reason: `Spam, said ${actor}`, ban_time: WEEK });
      expect(banned.status, `${actor} bans`).toBe(200);
      const afterBan = await profile(actor, s.member.id);
      expect(afterBan.member.banned).toBe(true);
      expect(afterBan.abilities).toEqual({ ban: null, unban: abilities.ban, refusal: null });
      // Whoever banned, each employee's profile names the ticket of their own rule for the unban.
      expect((await profile("admin", s.member.id)).abilities.unban).toEqual(target(s.unassigned));

      const lifted = await client.post(UNBAN, { ticket_id: named });
      expect(lifted.status, `${actor} unbans`).toBe(200);
      const afterUnban = await profile(actor, s.member.id);
      expect(afterUnban.member.banned).toBe(false);
      expect(afterUnban.abilities).toEqual(abilities);
      const log = await db()
        .selectFrom("ban_logs")
        .selectAll()
        .where("user_id", "=", s.member.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(log).toMatchObject({ ticket_id: named, banner_id: staff[actor].id, active: 0 });
    }
  });

  it("refuses a forged ticket_id the caller may not ban on, as before, and writes nothing", async () => {
    const s = await scene();
    // mod2 may act on none of them; the mod may not on the one they neither hold nor closed.
    const forged: [Actor, TicketRow, string][] = [
      ["mod2", s.assigned, "ban_not_allowed"],
      ["mod2", s.closed, "ban_not_allowed"],
      ["dev", s.unassigned, "ban_not_allowed"],
      ["mod", s.unassigned, "ban_not_allowed"],
      ["admin", s.resolved, "ban_ticket_resolved"],
    ];
    const before = await written(s.member.id);
    for (const [actor, ticket, code] of forged) {
      const response = await clients[actor].post(BAN, { ticket_id: ticket.id, ban_reason: "Forged", ban_time: -1 });
      expect(response.status, `${actor} on #${ticket.id}`).toBe(403);
      expect(response.body.code).toBe(code);
    }
    expect(await written(s.member.id)).toEqual(before);

    // Unban the same way: the admin bans, mod2 cannot lift it on the mod's ticket.
    expect((await clients.admin.post(BAN, { ticket_id: s.assigned.id, ban_reason: "Real", ban_time: -1 })).status).toBe(
      200,
    );
    const banned = await written(s.member.id);
    const refused = await clients.mod2.post(UNBAN, { ticket_id: s.assigned.id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("ban_not_allowed");
    expect(await written(s.member.id)).toEqual(banned);
    expect((await profile("mod2", s.member.id)).abilities).toEqual({
      ban: null,
      unban: null,
      refusal: "ban_not_allowed",
    });
    expect((await clients.admin.post(UNBAN, { ticket_id: s.assigned.id })).status).toBe(200);
  });

  it("says why when no ticket allows it: none filed, or every one resolved", async () => {
    const nobody = await buildMember(server.store);
    expect((await profile("admin", nobody.id)).abilities).toEqual({ ban: null, unban: null, refusal: "no_ticket" });

    const done = await buildMember(server.store);
    await buildTicket(server.store, { member: done, status: "RESOLVED", assigned_to: staff.mod.id });
    await buildTicket(server.store, { member: done, status: "RESOLVED", assigned_to: null });
    for (const actor of ["admin", "mod"] as Actor[]) {
      expect((await profile(actor, done.id)).abilities, actor).toEqual({
        ban: null,
        unban: null,
        refusal: "ban_ticket_resolved",
      });
    }
  });

  it("offers a ban again once a timed ban has run out, before the sweep clears it", async () => {
    const member = await buildMember(server.store, { bannedUntil: nowSeconds() - 60 });
    const ticket = await buildTicket(server.store, { member, status: "REPLIED", assigned_to: staff.mod.id });
    const body = await profile("mod", member.id);
    expect(body.member.banned).toBe(false);
    expect(body.abilities).toEqual({ ban: target(ticket), unban: null, refusal: null });
    const banned = await clients.mod.post(BAN, { ticket_id: ticket.id, ban_reason: "Again", ban_time: WEEK });
    expect(banned.status).toBe(200);
  });

  it("checks who asks before reading the body: 401 for nobody, 403 without members:view, whatever the body", async () => {
    const s = await scene();
    const blind = await signedIn(
      await buildStaff(server.store, { rank: "mod", permissions: [], categoryIds: [categoryId] }),
    );
    const player = await signedIn(s.member);
    for (const body of [{ member_id: s.member.id }, { member_id: "abc" }, {}]) {
      const anonymous = await server.client().post(INFORMATION, body);
      expect(anonymous.status, JSON.stringify(body)).toBe(401);
      for (const client of [blind, player]) {
        const response = await client.post(INFORMATION, body);
        expect(response.status, JSON.stringify(body)).toBe(403);
        expect(JSON.stringify(response.body)).not.toContain('"loc"');
        expect(JSON.stringify(response.body)).not.toContain("abilities");
      }
    }
    // The same body from someone who may read it is checked, and refused for what it holds.
    const invalid = await clients.admin.post(INFORMATION, { member_id: "abc" });
    expect(invalid.status).toBe(422);
  });
});
