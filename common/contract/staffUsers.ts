/**
 * The staff list's calls (spec/3-staff-administration.md §2.2, §7 "Staff management"): /api/users/* and the permission
 * dialogs' /api/permissions/*. Each asks for its permission from the session; what the caller may
 * do to this employee (their rank, themselves) is decided by the use case. The list itself is
 * fetchDevs with scope=all (staffTickets.ts).
 */
import type { Permission } from "../permissions.ts";
import { defineEndpoints } from "./define.ts";

/** The create and edit-permissions dialogs both list permissions and rank defaults. */
const PERMISSION_DIALOGS: readonly Permission[] = ["users:create", "users:set_permissions"];

export const STAFF_USER_ENDPOINTS = defineEndpoints({
  fetchDevsActiveTicketNumbers: {
    method: "POST",
    path: "/api/users/fetch-devs-active-ticket-numbers",
    access: { permission: "users:view" },
  },
  checkNewUserEmail: {
    method: "POST",
    path: "/api/users/check-new-user-email",
    access: { permission: "users:create" },
  },
  createNewUser: { method: "POST", path: "/api/users/create-new-user", access: { permission: "users:create" } },
  changeDevResponsibilities: {
    method: "POST",
    path: "/api/users/change-dev-responsibilities",
    access: { permission: "users:set_categories" },
  },
  disableUserUntil: { method: "POST", path: "/api/users/disable-user-until", access: { permission: "users:disable" } },
  enableUser: { method: "POST", path: "/api/users/enable-user", access: { permission: "users:disable" } },
  disperseUserTickets: {
    method: "POST",
    path: "/api/users/disperse-user-tickets",
    access: { permission: "users:disperse_tickets" },
  },
  changePassword: { method: "POST", path: "/api/users/change-password", access: { permission: "users:reset_pw" } },
  deleteDev: { method: "POST", path: "/api/users/delete-dev", access: { permission: "users:delete" } },
  getAllPermissions: {
    method: "POST",
    path: "/api/permissions/get-all-permissions",
    access: { anyPermission: PERMISSION_DIALOGS },
  },
  getUserPermissions: {
    method: "POST",
    path: "/api/permissions/get-user-permissions",
    access: { permission: "users:set_permissions" },
  },
  getRankPermissions: {
    method: "POST",
    path: "/api/permissions/get-rank-permissions",
    access: { anyPermission: PERMISSION_DIALOGS },
  },
  changeUserPermissions: {
    method: "POST",
    path: "/api/permissions/change-user-permissions",
    access: { permission: "users:set_permissions" },
  },
});
