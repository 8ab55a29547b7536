/**
 * The setup pages' calls (spec/3-staff-administration.md §2.4, §7): quick replies, categories, priority levels, servers
 * and fast-action excuses, each with the permission it needs, in this one table. The spec names
 * quick_response:view/create/edit/set_categories, category:disable and priority:set_default; the
 * rest is decided in docs/decisions/setup-and-content.md: creating a category, priority level or
 * server needs setup:create, editing or deleting one setup:edit; deleting a quick reply is its
 * last edit (quick_response:edit); enabling a category again takes the right that disabled it;
 * the excuses page needs setup:create to be seen at all, so adding an excuse does too. Every write
 * answers its list afresh. The excuses themselves are read through fetchFastActionExcuses.
 */
import { defineEndpoints } from "./define.ts";

const SETUP = "/api/setup";

export const SETUP_ADMIN_ENDPOINTS = defineEndpoints({
  fetchCategoryTicketNumbers: {
    method: "GET",
    path: `${SETUP}/fetch-category-ticket-numbers`,
    access: { permission: "setup:view" },
  },

  submitNewCategory: { method: "POST", path: `${SETUP}/submit-new-category`, access: { permission: "setup:create" } },
  editCategory: { method: "POST", path: `${SETUP}/edit-category`, access: { permission: "setup:edit" } },
  deleteCategory: { method: "POST", path: `${SETUP}/delete-category`, access: { permission: "setup:edit" } },
  enableCategory: { method: "POST", path: `${SETUP}/enable-category`, access: { permission: "category:disable" } },
  disableCategory: { method: "POST", path: `${SETUP}/disable-category`, access: { permission: "category:disable" } },

  submitNewPriorityLevel: {
    method: "POST",
    path: `${SETUP}/submit-new-priority-level`,
    access: { permission: "setup:create" },
  },
  editPriorityLevel: { method: "POST", path: `${SETUP}/edit-priority-level`, access: { permission: "setup:edit" } },
  deletePriorityLevel: { method: "POST", path: `${SETUP}/delete-priority-level`, access: { permission: "setup:edit" } },
  setDefaultPriority: {
    method: "POST",
    path: `${SETUP}/set-default-priority`,
    access: { permission: "priority:set_default" },
  },

  submitNewServer: { method: "POST", path: `${SETUP}/submit-new-server`, access: { permission: "setup:create" } },
  editServer: { method: "POST", path: `${SETUP}/edit-server`, access: { permission: "setup:edit" } },
  deleteServer: { method: "POST", path: `${SETUP}/delete-server`, access: { permission: "setup:edit" } },

  fetchQuickReplies: {
    method: "POST",
    path: `${SETUP}/fetch-quick-replies`,
    access: { permission: "quick_response:view" },
  },
  submitNewQuickReply: {
    method: "POST",
    path: `${SETUP}/submit-new-quick-reply`,
    access: { permission: "quick_response:create" },
  },
  editQuickReply: { method: "POST", path: `${SETUP}/edit-quick-reply`, access: { permission: "quick_response:edit" } },
  deleteQuickReply: {
    method: "POST",
    path: `${SETUP}/delete-quick-reply`,
    access: { permission: "quick_response:edit" },
  },
  addCategoriesToQuickReply: {
    method: "POST",
    path: `${SETUP}/add-categories-to-quick-reply`,
    access: { permission: "quick_response:set_categories" },
  },

  newFastActionExcuse: {
    method: "POST",
    path: `${SETUP}/new-fast-action-excuse`,
    access: { permission: "setup:create" },
  },
  editFastActionExcuse: {
    method: "POST",
    path: `${SETUP}/edit-fast-action-excuse`,
    access: { permission: "setup:edit" },
  },
  deleteFastActionExcuse: {
    method: "POST",
    path: `${SETUP}/delete-fast-action-excuse`,
    access: { permission: "setup:edit" },
  },
});
