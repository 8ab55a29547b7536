/**
 * Player search and profile for staff (spec/3-staff-administration.md §2.3, §7): both need members:view. Bodies are form
 * data (multipart or form-encoded), or JSON.
 */
import { defineEndpoints } from "./define.ts";

export const PLAYER_ENDPOINTS = defineEndpoints({
  paginationSearchMembers: {
    method: "POST",
    path: "/api/members/pagination-search-members",
    access: { permission: "members:view" },
  },
  getMemberInformation: {
    method: "POST",
    path: "/api/members/get-member-information",
    access: { permission: "members:view" },
  },
});
