/** The caller's own permission list, and the guest list (spec/1-product-frame.md §6, §7). */
import { defineEndpoints } from "./define.ts";

export const PERMISSION_ENDPOINTS = defineEndpoints({
  getPermissions: { method: "GET", path: "/api/permissions/get-permissions", access: "signedIn" },
  getGuestPermissions: { method: "POST", path: "/api/permissions/get-guest-permissions", access: "public" },
});
