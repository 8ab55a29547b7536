/**
 * Announcements for players and for employees, their read records, and the FAQ writes (spec/3-staff-administration.md
 * §2.1, §2.4, §7). The spec names view, create and edit permissions and is silent on delete and
 * on the active checkbox; both change an existing row, so they need the edit permission
 * (docs/decisions/setup-and-content.md). Reading FAQs and live player announcements is public.
 */
import { defineEndpoints } from "./define.ts";

const VIEW = { permission: "announcement:view" } as const;
const CREATE = { permission: "announcement:create" } as const;
const EDIT = { permission: "announcement:edit" } as const;

export const CONTENT_ENDPOINTS = defineEndpoints({
  fetchAnnouncements: { method: "POST", path: "/api/setup/fetch-announcements", access: VIEW },
  submitNewAnnouncement: { method: "POST", path: "/api/setup/submit-new-announcement", access: CREATE },
  editAnnouncement: { method: "POST", path: "/api/setup/edit-announcement", access: EDIT },
  changeActiveAnnouncement: { method: "POST", path: "/api/setup/change-active-announcement", access: EDIT },
  deleteAnnouncement: { method: "POST", path: "/api/setup/delete-announcement", access: EDIT },

  fetchEmployeeAnnouncements: { method: "POST", path: "/api/setup/fetch-employee-announcements", access: VIEW },
  submitNewEmployeeAnnouncement: {
    method: "POST",
    path: "/api/setup/submit-new-employee-announcement",
    access: CREATE,
  },
  editEmployeeAnnouncement: { method: "POST", path: "/api/setup/edit-employee-announcement", access: EDIT },
  changeActiveEmployeeAnnouncement: {
    method: "POST",
    path: "/api/setup/change-active-employee-announcement",
    access: EDIT,
  },
  deleteEmployeeAnnouncement: { method: "POST", path: "/api/setup/delete-employee-announcement", access: EDIT },

  /** Read records are the caller's own: any employee keeps them (spec/1-product-frame.md §6). */
  fetchEmployeeAnnouncementReads: {
    method: "GET",
    path: "/api/setup/fetch-employee-announcement-reads",
    access: "staff",
  },
  markEmployeeAnnouncementRead: {
    method: "POST",
    path: "/api/setup/mark-employee-announcement-read",
    access: "staff",
  },

  // The FAQ page itself needs faq:view; reading the list is public.
  submitNewFaq: { method: "POST", path: "/api/setup/submit-new-faq", access: { permission: "faq:create" } },
  editFaq: { method: "POST", path: "/api/setup/edit-faq", access: { permission: "faq:edit" } },
  deleteFaq: { method: "POST", path: "/api/setup/delete-faq", access: { permission: "faq:edit" } },
});
