import { permissionListResponse } from "../schemas/accountResponses.ts";
import { defineSchemas } from "./define.ts";
import type { PERMISSION_ENDPOINTS } from "./permissions.ts";

export const PERMISSION_SCHEMAS = defineSchemas<typeof PERMISSION_ENDPOINTS>()({
  getPermissions: { response: permissionListResponse },
  getGuestPermissions: { response: permissionListResponse },
});
