/**
 * The signed-in user's own account (spec/1-product-frame.md §4, §6; spec/3-staff-administration.md §2.5, §2.6, §7): language,
 * preferences, the staff profile and the developer to-do board. Every call acts on the session's
 * user, whatever `user_id` the body names.
 */
import { defineEndpoints } from "./define.ts";

/** A profile is only ever its own user's, under profile:view (every staff rank holds it by default). */
const PROFILE = { permission: "profile:view" } as const;

export const ACCOUNT_ENDPOINTS = defineEndpoints({
  /** Stored per user; anonymous visitors keep theirs in the browser. */
  changeLanguagePreference: { method: "POST", path: "/api/profile/change-language-preference", access: "signedIn" },
  /** A member's record holds the history page size; a visitor's ticket session has none. */
  fetchUserPreferences: {
    method: "GET",
    path: "/api/profile/fetch-user-preferences",
    access: { callers: ["member", "staff"] },
  },
  saveUserPreferences: { method: "POST", path: "/api/profile/save-user-preferences", access: PROFILE },
  changeProfileName: { method: "POST", path: "/api/profile/change-profile-name", access: PROFILE },
  changeProfileEmail: { method: "POST", path: "/api/profile/change-profile-email", access: PROFILE },
  changeProfilePassword: { method: "POST", path: "/api/profile/change-profile-password", access: PROFILE },
  changeProfilePicture: {
    method: "POST",
    path: "/api/profile/change-profile-picture",
    access: PROFILE,
    encoding: "multipart",
  },
  deleteProfilePicture: { method: "POST", path: "/api/profile/delete-profile-picture", access: PROFILE },
  // The to-do board is for staff (spec/3-staff-administration.md §2.6).
  fetchTodos: { method: "GET", path: "/api/misc/fetch-todos", access: "staff" },
  createTodo: { method: "POST", path: "/api/misc/create-todo", access: "staff" },
  markTodo: { method: "POST", path: "/api/misc/mark-todo", access: "staff" },
  deleteTodo: { method: "POST", path: "/api/misc/delete-todo", access: "staff" },
});
