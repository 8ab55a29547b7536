/**
 * A member's own account (spec/1-product-frame.md §7 get-member) and whether they may file now. Any session may
 * ask; the route answers 403 to a caller who is not a member (staff and visitors included).
 */
import { defineEndpoints } from "./define.ts";

export const MEMBER_ENDPOINTS = defineEndpoints({
  getMember: { method: "GET", path: "/api/members/get-member", access: "signedIn" },
  filingStatus: { method: "GET", path: "/api/members/filing-status", access: "signedIn" },
});
