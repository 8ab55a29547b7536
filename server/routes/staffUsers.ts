/**
 * Staff users and permissions: /api/users/*, /api/permissions/* of spec 3 §7 (issue 8, part
 * staffusers). Every call asks for its permission from the session (spec 3 §2.2); the staff list
 * itself is GET /api/users/fetch-devs?scope=all (routes/staffTickets.ts). Each route: schema →
 * policy → use case → presenter.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PERMISSIONS } from "../../common/permissions.ts";
import { permissionListResponse } from "../../common/schemas/accountResponses.ts";
import {
  activeTicketNumbersBody,
  activeTicketNumbersResponse,
  changePasswordBody,
  changeResponsibilitiesBody,
  changeUserPermissionsBody,
  checkNewUserEmailBody,
  createNewUserBody,
  createNewUserResponse,
  deleteDevBody,
  deleteDevResponse,
  disableUserBody,
  disperseResponse,
  emailExistsResponse,
  getRankPermissionsBody,
  getUserPermissionsBody,
  userIdBody,
  userResponse,
} from "../../common/schemas/staffUsers.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { requireUser } from "../http/session.ts";
import { requireAnyPermission, requirePermission } from "../policies/policy.ts";
import { EMPLOYEE_ACTION_PERMISSIONS } from "../policies/staffUsers.ts";
import { presentEmployee } from "../presenters/employee.ts";
import { activeTicketCounts, type EmployeeRecord, isEmailRegistered } from "../repositories/employees.ts";
import { permissionsOf } from "../repositories/permissions.ts";
import { changeResponsibilities } from "../usecases/changeResponsibilities.ts";
import { changeUserPermissions } from "../usecases/changeUserPermissions.ts";
import { createUser } from "../usecases/createUser.ts";
import { deleteEmployee } from "../usecases/deleteEmployee.ts";
import { disableEmployee } from "../usecases/disableEmployee.ts";
import { disperseTickets } from "../usecases/disperseTickets.ts";
import { enableEmployee } from "../usecases/enableEmployee.ts";
import { resetEmployeePassword } from "../usecases/resetEmployeePassword.ts";
import { employeeOr404, rankDefaults } from "../usecases/staffUserSupport.ts";

const schemas = {
  ticketNumbers: { body: activeTicketNumbersBody, response: { 200: activeTicketNumbersResponse } },
  checkEmail: { body: checkNewUserEmailBody, response: { 200: emailExistsResponse } },
  create: { body: createNewUserBody, response: { 200: createNewUserResponse } },
  responsibilities: { body: changeResponsibilitiesBody, response: { 200: userResponse } },
  disable: { body: disableUserBody, response: { 200: userResponse } },
  enable: { body: userIdBody, response: { 200: userResponse } },
  disperse: { body: userIdBody, response: { 200: disperseResponse } },
  password: { body: changePasswordBody, response: { 200: userResponse } },
  delete: { body: deleteDevBody, response: { 200: deleteDevResponse } },
  allPermissions: { response: { 200: permissionListResponse } },
  userPermissions: { body: getUserPermissionsBody, response: { 200: permissionListResponse } },
  rankPermissions: { body: getRankPermissionsBody, response: { 200: permissionListResponse } },
  changePermissions: { body: changeUserPermissionsBody, response: { 200: userResponse } },
};

/** The create and edit-permissions dialogs both list permissions and rank defaults. */
const PERMISSION_DIALOGS = ["users:create", "users:set_permissions"] as const;

export function staffUserRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;
  const user = (record: EmployeeRecord) => ({ user: presentEmployee(record, nowSeconds()) });

  return async (app) => {
    app.post("/api/users/fetch-devs-active-ticket-numbers", { schema: schemas.ticketNumbers }, async (request) => {
      await requirePermission(db, request.user, "users:view");
      const counts = await activeTicketCounts(db, [...new Set(request.body.dev_ids)]);
      return { devs_active_ticket_numbers: Object.fromEntries([...counts].map(([id, n]) => [String(id), n])) };
    });

    app.post("/api/users/check-new-user-email", { schema: schemas.checkEmail }, async (request) => {
      await requirePermission(db, request.user, "users:create");
      return { exists: await isEmailRegistered(db, request.body.email) };
    });

    app.post("/api/users/create-new-user", { schema: schemas.create }, async (request) => {
      const actor = await requirePermission(db, request.user, "users:create");
      const { email, user_class, user_rank, add_list, remove_list } = request.body;
      const { record, token } = await createUser(ctx, actor, {
        email,
        userClass: user_class,
        rank: user_rank,
        add: add_list,
        remove: remove_list,
      });
      return { ...user(record), password_token: token };
    });

    app.post("/api/users/change-dev-responsibilities", { schema: schemas.responsibilities }, async (request) => {
      const actor = await requirePermission(db, request.user, EMPLOYEE_ACTION_PERMISSIONS.responsibilities);
      const { user_id, categories, servers } = request.body;
      return user(await changeResponsibilities(ctx, actor, { userId: user_id, categories, servers }));
    });

    app.post("/api/users/disable-user-until", { schema: schemas.disable }, async (request) => {
      const actor = await requirePermission(db, request.user, EMPLOYEE_ACTION_PERMISSIONS.disable);
      return user(await disableEmployee(ctx, actor, { userId: request.body.id, date: request.body.date }));
    });

    app.post("/api/users/enable-user", { schema: schemas.enable }, async (request) => {
      const actor = await requirePermission(db, request.user, EMPLOYEE_ACTION_PERMISSIONS.enable);
      return user(await enableEmployee(ctx, actor, request.body.id));
    });

    app.post("/api/users/disperse-user-tickets", { schema: schemas.disperse }, async (request) => {
      await requirePermission(db, request.user, EMPLOYEE_ACTION_PERMISSIONS.disperse);
      const actor = requireUser(request);
      const result = await disperseTickets(ctx, actor, { userId: request.body.id, ip: request.ip });
      return { ...user(result.record), dispersed: result.dispersed, remaining: result.remaining };
    });

    app.post("/api/users/change-password", { schema: schemas.password }, async (request) => {
      const actor = await requirePermission(db, request.user, EMPLOYEE_ACTION_PERMISSIONS.password);
      const { dev_id, password, re_password } = request.body;
      return user(await resetEmployeePassword(ctx, actor, { userId: dev_id, password, rePassword: re_password }));
    });

    app.post("/api/users/delete-dev", { schema: schemas.delete }, async (request) => {
      await requirePermission(db, request.user, EMPLOYEE_ACTION_PERMISSIONS.delete);
      await deleteEmployee(ctx, requireUser(request), { userId: request.body.user_id, ip: request.ip });
      return { confirm: true };
    });

    app.post("/api/permissions/get-all-permissions", { schema: schemas.allPermissions }, async (request) => {
      await requireAnyPermission(db, request.user, PERMISSION_DIALOGS);
      return { permissions: [...PERMISSIONS] };
    });

    app.post("/api/permissions/get-user-permissions", { schema: schemas.userPermissions }, async (request) => {
      await requirePermission(db, request.user, "users:set_permissions");
      const target = await employeeOr404(db, request.body.user_id);
      return { permissions: await permissionsOf(db, target.user) };
    });

    app.post("/api/permissions/get-rank-permissions", { schema: schemas.rankPermissions }, async (request) => {
      await requireAnyPermission(db, request.user, PERMISSION_DIALOGS);
      return { permissions: rankDefaults(request.body.rank) };
    });

    app.post("/api/permissions/change-user-permissions", { schema: schemas.changePermissions }, async (request) => {
      const actor = await requirePermission(db, request.user, EMPLOYEE_ACTION_PERMISSIONS.permissions);
      const { user_id, rank, add_list, remove_list } = request.body;
      return user(
        await changeUserPermissions(ctx, actor, { userId: user_id, rank, add: add_list, remove: remove_list }),
      );
    });
  };
}
