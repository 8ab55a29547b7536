/**
 * The staff ticket page's side panels (spec/2-staff-ticket-work.md §6, §7): a ticket's internal notes and a category's
 * quick replies. Notes are written, edited and deleted over the socket.
 */
import { defineEndpoints } from "./define.ts";

export const NOTES_ENDPOINTS = defineEndpoints({
  fetchNotes: { method: "POST", path: "/api/fetch-notes", access: "staff" },
  fetchCategoryQuickReplies: { method: "POST", path: "/api/setup/fetch-category-quick-replies", access: "staff" },
});
