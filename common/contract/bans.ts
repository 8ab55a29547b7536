/** Ban calls of the staff ticket page (spec/2-staff-ticket-work.md §6, §7): ban, unban and ban history. */
import { defineEndpoints } from "./define.ts";

export const BAN_ENDPOINTS = defineEndpoints({
  banMemberUser: { method: "POST", path: "/api/tickets/ban-member-user", access: "staff" },
  banTemporaryUser: { method: "POST", path: "/api/tickets/ban-temporary-user", access: "staff" },
  unbanMemberUser: { method: "POST", path: "/api/tickets/unban-member-user", access: "staff" },
  unbanTemporaryUser: { method: "POST", path: "/api/tickets/unban-temporary-user", access: "staff" },
  banHistoryMember: { method: "POST", path: "/api/tickets/get-ban-history-member", access: "staff" },
  banHistoryTemporary: { method: "POST", path: "/api/tickets/get-ban-history-temporary", access: "staff" },
});
