/** /api/permissions: the caller's own permission list, and the guest list (spec/1-product-frame.md §6, §7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GUEST_PERMISSIONS } from "../../common/permissions.ts";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { permissionsOf } from "../repositories/permissions.ts";

export function permissionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ctx, "getPermissions", async (request) => ({
      permissions: await permissionsOf(ctx.store.db, requireUser(request)),
    }));

    route(app, ctx, "getGuestPermissions", async () => ({ permissions: [...GUEST_PERMISSIONS] }));
  };
}
