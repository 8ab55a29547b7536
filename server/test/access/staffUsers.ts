/** Authorization rows for staff users and permissions: /api/users/*, /api/permissions/* of spec/3-staff-administration.md §7. */
import {
  activeTicketNumbersBody,
  changePasswordBody,
  changeResponsibilitiesBody,
  changeUserPermissionsBody,
  checkNewUserEmailBody,
  createNewUserBody,
  deleteDevBody,
  disableUserBody,
  getRankPermissionsBody,
  getUserPermissionsBody,
  userIdBody,
} from "../../../common/schemas/staffUsers.ts";
import { type AccessFixtures, outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

/**
 * The matrix's staff hold their rank's defaults: the dev none of users:*, the mod users:view
 * only, the admin everything. Per-permission refusals with other sets are in staffUsers.test.ts.
 */
const VIEWERS = outcomes({ anonymous: 401, temporary: 403, members: 403, dev: 403, mod: 200, admin: 200 });
const ADMIN_ONLY = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 403, admin: 200 });

const target = async (f: AccessFixtures) => (await f.staffTarget()).id;
const row = (url: string, schema: RouteAccess["schema"], name: string, json: (f: AccessFixtures) => Promise<object>) =>
  ({
    method: "POST",
    url,
    schema,
    cases: [{ name, request: async (f) => ({ json: (await json(f)) as Record<string, unknown> }), expect: ADMIN_ONLY }],
  }) satisfies RouteAccess;

export const STAFF_USERS_ROUTES: RouteAccess[] = [
  {
    method: "GET",
    url: "/api/users/fetch-devs",
    schema: null,
    cases: [
      {
        name: "the staff list (scope=all)",
        request: () => ({ path: "/api/users/fetch-devs?scope=all" }),
        expect: VIEWERS,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/users/fetch-devs-active-ticket-numbers",
    schema: activeTicketNumbersBody,
    cases: [
      {
        name: "the dev's and the mod's counts",
        request: (f) => ({ json: { dev_ids: [f.roleIds.dev, f.roleIds.mod] } }),
        expect: VIEWERS,
      },
    ],
  },
  row("/api/users/check-new-user-email", checkNewUserEmailBody, "a new address", async (f) => ({
    email: `${f.unique()}@new.test`,
  })),
  row("/api/users/create-new-user", createNewUserBody, "a dev", async (f) => ({
    email: `${f.unique()}@new.test`,
    user_class: "dev",
    user_rank: "dev",
  })),
  row("/api/users/change-dev-responsibilities", changeResponsibilitiesBody, "an employee", async (f) => ({
    user_id: await target(f),
    categories: [f.categoryId],
    servers: [],
  })),
  row("/api/users/disable-user-until", disableUserBody, "an employee, indefinitely", async (f) => ({
    id: await target(f),
    date: "indefinite",
  })),
  row("/api/users/enable-user", userIdBody, "an employee", async (f) => ({ id: await target(f) })),
  row("/api/users/disperse-user-tickets", userIdBody, "an employee", async (f) => ({ id: await target(f) })),
  row("/api/users/change-password", changePasswordBody, "an employee", async (f) => ({
    dev_id: await target(f),
    password: "N3w-Passw0rd!",
    re_password: "N3w-Passw0rd!",
  })),
  row("/api/users/delete-dev", deleteDevBody, "an employee", async (f) => ({ user_id: await target(f) })),
  row("/api/permissions/get-all-permissions", null, "the list", async () => ({})),
  row("/api/permissions/get-user-permissions", getUserPermissionsBody, "an employee", async (f) => ({
    user_id: await target(f),
  })),
  row("/api/permissions/get-rank-permissions", getRankPermissionsBody, "mod", async () => ({ rank: "mod" })),
  row("/api/permissions/change-user-permissions", changeUserPermissionsBody, "add users:view to a dev", async (f) => ({
    user_id: await target(f),
    rank: "dev",
    add_list: ["users:view"],
    remove_list: [],
  })),
];

export const STAFF_USERS_SOCKETS: SocketAccess[] = [];
