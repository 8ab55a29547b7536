/**
 * Staff users and permissions: /api/users/*, /api/permissions/* of spec/3-staff-administration.md §7.
 * Every call asks for its permission from the session (spec/3-staff-administration.md §2.2), by its access
 * in common/contract/staffUsers.ts, before its body is read; the use cases decide what the caller
 * may do to this employee. The staff list itself is GET /api/users/fetch-devs?scope=all
 * (routes/staffTickets.ts). Each route: schema → policy → use case → presenter.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PERMISSIONS } from "../../common/permissions.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
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

export function staffUserRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;
  const user = (record: EmployeeRecord) => ({ user: presentEmployee(record, nowSeconds()) });

  return async (app) => {
    route(app, ctx, "fetchDevsActiveTicketNumbers", async (request) => {
      const counts = await activeTicketCounts(db, [...new Set(request.body.dev_ids)]);
      return { devs_active_ticket_numbers: Object.fromEntries([...counts].map(([id, n]) => [String(id), n])) };
    });

    route(app, ctx, "checkNewUserEmail", async (request) => ({
      exists: await isEmailRegistered(db, request.body.email),
    }));

    route(app, ctx, "createNewUser", async (request) => {
      const actor = requireUser(request);
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

    route(app, ctx, "changeDevResponsibilities", async (request) => {
      const actor = requireUser(request);
      const { user_id, categories, servers } = request.body;
      return user(await changeResponsibilities(ctx, actor, { userId: user_id, categories, servers }));
    });

    route(app, ctx, "disableUserUntil", async (request) => {
      const actor = requireUser(request);
      return user(await disableEmployee(ctx, actor, { userId: request.body.id, date: request.body.date }));
    });

    route(app, ctx, "enableUser", async (request) => {
      const actor = requireUser(request);
      return user(await enableEmployee(ctx, actor, request.body.id));
    });

    route(app, ctx, "disperseUserTickets", async (request) => {
      const actor = requireUser(request);
      const result = await disperseTickets(ctx, actor, { userId: request.body.id, ip: request.ip });
      return { ...user(result.record), dispersed: result.dispersed, remaining: result.remaining };
    });

    route(app, ctx, "changePassword", async (request) => {
      const actor = requireUser(request);
      const { dev_id, password, re_password } = request.body;
      return user(await resetEmployeePassword(ctx, actor, { userId: dev_id, password, rePassword: re_password }));
    });

    route(app, ctx, "deleteDev", async (request) => {
      await deleteEmployee(ctx, requireUser(request), { userId: request.body.user_id, ip: request.ip });
      return { confirm: true };
    });

    route(app, ctx, "getAllPermissions", async () => ({ permissions: [...PERMISSIONS] }));

    route(app, ctx, "getUserPermissions", async (request) => {
      const target = await employeeOr404(db, request.body.user_id);
      return { permissions: await permissionsOf(db, target.user) };
    });

    route(app, ctx, "getRankPermissions", async (request) => ({ permissions: rankDefaults(request.body.rank) }));

    route(app, ctx, "changeUserPermissions", async (request) => {
      const actor = requireUser(request);
      const { user_id, rank, add_list, remove_list } = request.body;
      return user(
        await changeUserPermissions(ctx, actor, { userId: user_id, rank, add: add_list, remove: remove_list }),
      );
    });
  };
}
