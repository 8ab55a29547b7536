/** /api/permissions: the caller's own permission list, and the guest list (spec 1 §6, §7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GUEST_PERMISSIONS } from "../../common/permissions.ts";
import { permissionListResponse } from "../../common/schemas/accountResponses.ts";
import type { AppContext } from "../context.ts";
import { requireUser } from "../http/session.ts";
import { permissionsOf } from "../repositories/permissions.ts";

const answer = { response: { 200: permissionListResponse } };

export function permissionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/api/permissions/get-permissions", { schema: answer }, async (request) => {
      const user = requireUser(request);
      return { permissions: await permissionsOf(ctx.store.db, user) };
    });

    app.post("/api/permissions/get-guest-permissions", { schema: answer }, async () => ({
      permissions: [...GUEST_PERMISSIONS],
    }));
  };
}
