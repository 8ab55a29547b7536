/**
 * Reads of the setup lists, FAQs and announcements (spec/1-product-frame.md §2, §3, §7): the temporary ticket form
 * and the landing pages use them without a session. The deleted lists serve the staff pages only.
 */
import { defineEndpoints } from "./define.ts";

export const SETUP_ENDPOINTS = defineEndpoints({
  fetchCategories: { method: "GET", path: "/api/setup/fetch-categories", access: "public" },
  fetchPriorityLevels: { method: "GET", path: "/api/setup/fetch-priority-levels", access: "public" },
  fetchServers: { method: "GET", path: "/api/setup/fetch-servers", access: "public" },
  fetchDeletedCategories: { method: "GET", path: "/api/setup/fetch-deleted-categories", access: "staff" },
  fetchDeletedPriorityLevels: { method: "GET", path: "/api/setup/fetch-deleted-priority-levels", access: "staff" },
  fetchDeletedServers: { method: "GET", path: "/api/setup/fetch-deleted-servers", access: "staff" },
  fetchFaqs: { method: "GET", path: "/api/setup/fetch-faqs", access: "public" },
  fetchActiveAnnouncements: { method: "GET", path: "/api/announcements/fetch-active-announcements", access: "public" },
});
