/**
 * The staff list's row abilities say exactly what the row's calls answer, over real HTTP on every
 * engine: for an admin, a mod and a dev holding the users:* permissions, and a mod without them,
 * on an admin, a mod, a dev, a dev holding a permission the caller lacks, and their own row. A
 * true ability lets its call through; a false one is refused and the employee stays as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PERMISSIONS,
  type Permission,
  RANK_DEFAULT_PERMISSIONS,
  STAFF_RANKS,
  type StaffRank,
} from "../../common/permissions.ts";
import {
  EMPLOYEE_ABILITIES,
  type EmployeeAbility,
  type EmployeeListResponse,
} from "../../common/schemas/staffUsers.ts";
import { ENGINES } from "../test/engines.ts";
import { buildStaff, FACTORY_PASSWORD } from "../test/factories.ts";
import { startTestServer, type TestClient, type TestServer } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";

const USERS_PERMISSIONS = PERMISSIONS.filter((p) => p.startsWith("users:") && p !== "users:set_admin");

interface Caller {
  name: string;
  rank: StaffRank;
  permissions: readonly Permission[];
}

const CALLERS: Caller[] = [
  { name: "an admin", rank: "admin", permissions: PERMISSIONS },
  {
    name: "a mod with users:*",
    rank: "mod",
    permissions: [...new Set([...RANK_DEFAULT_PERMISSIONS.mod, ...USERS_PERMISSIONS])],
  },
  {
    name: "a dev with users:*",
    rank: "dev",
    permissions: [...new Set([...RANK_DEFAULT_PERMISSIONS.dev, ...USERS_PERMISSIONS])],
  },
  { name: "a mod with the defaults", rank: "mod", permissions: RANK_DEFAULT_PERMISSIONS.mod },
];

/** The targets of each caller: "self" is the caller's own row. */
const TARGETS: { name: string; rank?: StaffRank; extra?: Permission[] }[] = [
  { name: "an admin", rank: "admin" },
  { name: "a mod", rank: "mod" },
  { name: "a dev", rank: "dev" },
  { name: "a dev holding users:set_admin", rank: "dev", extra: ["users:set_admin"] },
  { name: "themselves" },
];

/** Each ability's call with a valid body, as the row's dialog would send it. */
const CALLS: Record<EmployeeAbility, (target: { id: number; rank: StaffRank }) => [string, Record<string, unknown>]> = {
  permissions: (t) => [
    "/api/permissions/change-user-permissions",
    { user_id: t.id, rank: t.rank, add_list: [], remove_list: ["faq:view"] },
  ],
  responsibilities: (t) => ["/api/users/change-dev-responsibilities", { user_id: t.id, categories: [], servers: [] }],
  disable: (t) => ["/api/users/disable-user-until", { id: t.id, date: "indefinite" }],
  enable: (t) => ["/api/users/enable-user", { id: t.id }],
  disperse: (t) => ["/api/users/disperse-user-tickets", { id: t.id }],
  password: (t) => [
    "/api/users/change-password",
    { dev_id: t.id, password: FACTORY_PASSWORD, re_password: FACTORY_PASSWORD },
  ],
  delete: (t) => ["/api/users/delete-dev", { user_id: t.id }],
};

describe.each(ENGINES)("staff list abilities on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
    // Another admin, so that no change below meets the last-admin rule.
    await buildStaff(server.store, { rank: "admin" });
  });
  afterAll(async () => {
    await server?.close();
  });

  const userRow = (id: number) =>
    server.store.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  async function signedIn(caller: Caller): Promise<{ id: number; rank: StaffRank; client: TestClient }> {
    const user = await buildStaff(server.store, { rank: caller.rank, permissions: caller.permissions });
    return { id: user.id, rank: caller.rank, client: await openSession(server, server.client(), user) };
  }

  async function list(client: TestClient): Promise<EmployeeListResponse> {
    const answer = await client.get<EmployeeListResponse>("/api/users/fetch-devs?scope=all");
    expect(answer.status).toBe(200);
    return answer.body;
  }

  /** Calls and checks: 200 when `allowed`, else refused with the employee left as they were. */
  async function expectCall(client: TestClient, id: number, [path, body]: [string, object], allowed: boolean) {
    const before = await userRow(id);
    const answer = await client.post(path, body as Record<string, unknown>);
    const what = `${path} on ${id}: ${JSON.stringify(answer.body)}`;
    if (allowed) {
      expect(answer.status, what).toBe(200);
      return;
    }
    expect(answer.status, what).toBe(403);
    expect(answer.body.detail, what).toEqual(expect.any(String));
    expect(await userRow(id)).toEqual(before);
  }

  for (const caller of CALLERS) {
    for (const target of TARGETS) {
      it(`${caller.name} on ${target.name}: every row ability as its call answers`, async () => {
        const me = await signedIn(caller);
        // One employee per ability: each call changes the one it names.
        const targets = new Map<EmployeeAbility, { id: number; rank: StaffRank }>();
        for (const ability of EMPLOYEE_ABILITIES) {
          if (!target.rank) {
            targets.set(ability, me);
            continue;
          }
          const permissions = [...RANK_DEFAULT_PERMISSIONS[target.rank], ...(target.extra ?? [])];
          const built = await buildStaff(server.store, { rank: target.rank, permissions });
          targets.set(ability, { id: built.id, rank: target.rank });
        }
        const rows = (await list(me.client)).devs;
        for (const ability of EMPLOYEE_ABILITIES) {
          const t = targets.get(ability)!;
          const row = rows.find((r) => r.id === t.id)!;
          await expectCall(me.client, t.id, CALLS[ability](t), row.abilities[ability]);
        }
      });
    }

    it(`${caller.name}: the ranks offered are the ranks the server gives, on a row and on creating`, async () => {
      const me = await signedIn(caller);
      for (const targetRank of STAFF_RANKS) {
        const fresh = await Promise.all(STAFF_RANKS.map(() => buildStaff(server.store, { rank: targetRank })));
        const { devs, abilities } = await list(me.client);
        const offered = devs.find((r) => r.id === fresh[0]!.id)!.abilities;
        expect(offered.ranks.length > 0).toBe(offered.permissions);
        for (const [i, rank] of STAFF_RANKS.entries()) {
          const id = fresh[i]!.id;
          const body = { user_id: id, rank, add_list: [], remove_list: [] };
          await expectCall(
            me.client,
            id,
            ["/api/permissions/change-user-permissions", body],
            offered.ranks.includes(rank),
          );
        }
        for (const rank of STAFF_RANKS) {
          const body = { email: `new-${rank}-${fresh[0]!.id}@staff.test`, user_class: "dev", user_rank: rank };
          const created = await me.client.post("/api/users/create-new-user", body);
          expect(created.status, JSON.stringify(created.body)).toBe(abilities.ranks.includes(rank) ? 200 : 403);
        }
        expect(abilities.create).toBe(caller.permissions.includes("users:create"));
      }
    });
  }
});
