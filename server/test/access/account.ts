/** Authorization rows for profile, preferences and the developer to-do board: /api/profile/* writes, /api/misc/*todo* (spec/3-staff-administration.md §2.5, §2.6, §7). */
import {
  avatarParams,
  changeProfileEmailBody,
  changeProfileNameBody,
  changeProfilePasswordBody,
  changeProfilePictureFields,
  deleteProfilePictureBody,
  saveUserPreferencesBody,
} from "../../../common/schemas/profile.ts";
import { createTodoBody, deleteTodoBody, markTodoBody } from "../../../common/schemas/todos.ts";
import { type AccessFixtures, outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

/** A profile is the caller's own and needs profile:view, which every staff rank holds by default. */
const OWN_PROFILE = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 200 });
/** The to-do board is for class dev (spec/3-staff-administration.md §2.6, §6). */
const STAFF = OWN_PROFILE;

/** Each call names member A as user_id: ignored, the session's user is the one changed. */
const namingA = (f: AccessFixtures) => ({ user_id: f.memberA.id });

export const ACCOUNT_ROUTES: RouteAccess[] = [
  {
    method: "POST",
    url: "/api/profile/change-profile-name",
    schema: changeProfileNameBody,
    cases: [
      {
        name: "a free name",
        request: (f) => ({ json: { ...namingA(f), name: `n${f.unique()}` } }),
        expect: OWN_PROFILE,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/profile/change-profile-email",
    schema: changeProfileEmailBody,
    cases: [
      {
        // Every fixture account signs in with the factory password (memberA's is the same).
        name: "the current password and a free e-mail",
        request: (f) => ({
          json: { ...namingA(f), email: `${f.unique()}@staff.test`, current_password: f.memberA.password },
        }),
        expect: OWN_PROFILE,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/profile/change-profile-password",
    schema: changeProfilePasswordBody,
    cases: [
      {
        // Every fixture account signs in with the factory password (memberA's is the same).
        name: "the current password and a strong new one",
        request: (f) => ({
          json: { ...namingA(f), current_password: f.memberA.password, password: "N3w-Str0ng-Pass!" },
        }),
        expect: OWN_PROFILE,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/profile/change-profile-picture",
    schema: changeProfilePictureFields,
    multipart: true,
    cases: [
      {
        name: "a PNG",
        request: (f) => ({
          multipart: {
            fields: { user_id: String(f.memberA.id) },
            files: [{ field: "files", name: f.png.name, bytes: f.png.bytes }],
          },
        }),
        expect: OWN_PROFILE,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/profile/delete-profile-picture",
    schema: deleteProfilePictureBody,
    cases: [{ name: "own picture", request: (f) => ({ json: namingA(f) }), expect: OWN_PROFILE }],
  },
  {
    method: "POST",
    url: "/api/profile/save-user-preferences",
    schema: saveUserPreferencesBody,
    cases: [
      {
        name: "every flag",
        request: (f) => ({
          json: {
            ...namingA(f),
            redirect_after_ticket_complete: true,
            notification_sound_on: false,
            enable_desktop_notifications: true,
            remove_all_chats_button: true,
          },
        }),
        expect: OWN_PROFILE,
      },
      {
        name: "the ticket list's columns, as a form sends them",
        request: (f) => ({ json: { ...namingA(f), ticket_list_columns: "subject,status,assigned_to" } }),
        expect: OWN_PROFILE,
      },
    ],
  },
  {
    method: "GET",
    url: "/api/profile/avatar/:filename",
    schema: avatarParams,
    input: "params",
    cases: [
      {
        // Staff see every employee; member A sees the admin, who wrote in A's chat; nobody else.
        name: "the admin's picture",
        request: (f) => ({ path: f.adminAvatar }),
        expect: outcomes({ anonymous: 401, temporary: 404, memberA: 200, memberB: 404, staff: 200 }),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/misc/fetch-todos",
    schema: null,
    cases: [{ name: "the board", request: () => ({}), expect: STAFF }],
  },
  {
    method: "POST",
    url: "/api/misc/create-todo",
    schema: createTodoBody,
    cases: [{ name: "a to-do", request: () => ({ json: { field: "web", content: "Ship it" } }), expect: STAFF }],
  },
  {
    method: "POST",
    url: "/api/misc/mark-todo",
    schema: markTodoBody,
    cases: [{ name: "done", request: async (f) => ({ json: { id: await f.todo(), done: true } }), expect: STAFF }],
  },
  {
    method: "POST",
    url: "/api/misc/delete-todo",
    schema: deleteTodoBody,
    cases: [{ name: "a to-do", request: async (f) => ({ json: { id: await f.todo() } }), expect: STAFF }],
  },
];

export const ACCOUNT_SOCKETS: SocketAccess[] = [];
