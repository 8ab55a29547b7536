/**
 * Profile, preferences and the developer to-do board: /api/profile/* writes, /api/misc/*todo*
 * (spec 3 §2.5, §2.6, §7; issue 8, part account). Every profile call acts on the session's user,
 * whatever `user_id` the body names.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AVATAR_MAX_BYTES,
  avatarParams,
  changeProfileEmailBody,
  changeProfileNameBody,
  changeProfilePasswordBody,
  changeProfilePictureFields,
  deleteProfilePictureBody,
  profileUserResponse,
  saveUserPreferencesBody,
  saveUserPreferencesResponse,
} from "../../common/schemas/profile.ts";
import {
  createTodoBody,
  deleteTodoBody,
  deleteTodoResponse,
  fetchTodosResponse,
  markTodoBody,
  todoResponse,
} from "../../common/schemas/todos.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { requestOrigin, requireUser, setSessionCookies } from "../http/session.ts";
import { requireStaff } from "../policies/policy.ts";
import { mayViewAvatar, requireOwnProfile } from "../policies/profile.ts";
import { presentSessionUser } from "../presenters/sessionUser.ts";
import { findStaffByAvatar } from "../repositories/profile.ts";
import { deleteTodo, findTodo, insertTodo, listTodos, setTodoDone } from "../repositories/todos.ts";
import { avatarUrl } from "../uploads/avatars.ts";
import { EXTENSIONS } from "../uploads/fileType.ts";
import { multipartForm } from "../uploads/multipart.ts";
import { STORED_NAME } from "../uploads/storage.ts";
import { changeProfileEmail } from "../usecases/changeProfileEmail.ts";
import { changeProfileName } from "../usecases/changeProfileName.ts";
import { changeProfilePassword } from "../usecases/changeProfilePassword.ts";
import { changeProfilePicture } from "../usecases/changeProfilePicture.ts";
import { deleteProfilePicture } from "../usecases/deleteProfilePicture.ts";
import { saveUserPreferences } from "../usecases/saveUserPreferences.ts";

const schemas = {
  name: { body: changeProfileNameBody, response: { 200: profileUserResponse } },
  email: { body: changeProfileEmailBody, response: { 200: profileUserResponse } },
  password: { body: changeProfilePasswordBody, response: { 200: profileUserResponse } },
  picture: { response: { 200: profileUserResponse } },
  deletePicture: { body: deleteProfilePictureBody, response: { 200: profileUserResponse } },
  preferences: { body: saveUserPreferencesBody, response: { 200: saveUserPreferencesResponse } },
  avatar: { params: avatarParams },
  todos: { response: { 200: fetchTodosResponse } },
  createTodo: { body: createTodoBody, response: { 200: todoResponse } },
  markTodo: { body: markTodoBody, response: { 200: todoResponse } },
  deleteTodo: { body: deleteTodoBody, response: { 200: deleteTodoResponse } },
};

/** The multipart envelope around one picture: a body far past the picture limit is refused unread. */
const PICTURE_BODY_MAX = AVATAR_MAX_BYTES + 64 * 1024;

const MIME_OF_EXTENSION = new Map(Object.entries(EXTENSIONS).map(([mime, ext]) => [ext, mime]));

export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;

  return async (app) => {
    // ---- profile (spec 3 §2.5, §7 Profile)
    app.post("/api/profile/change-profile-name", { schema: schemas.name }, async (request) => {
      const me = await requireOwnProfile(db, requireUser(request));
      const user = await changeProfileName(ctx, me.id, request.body.name);
      return { user: presentSessionUser(user, request.session!) };
    });

    app.post("/api/profile/change-profile-email", { schema: schemas.email }, async (request) => {
      const me = requireUser(request);
      await requireOwnProfile(db, me);
      const user = await changeProfileEmail(ctx, {
        user: me,
        currentPassword: request.body.current_password,
        email: request.body.email,
      });
      return { user: presentSessionUser(user, request.session!) };
    });

    app.post("/api/profile/change-profile-password", { schema: schemas.password }, async (request, reply) => {
      const me = requireUser(request);
      await requireOwnProfile(db, me);
      const { user, started } = await changeProfilePassword(ctx, {
        user: me,
        currentPassword: request.body.current_password,
        password: request.body.password,
        origin: requestOrigin(request),
      });
      setSessionCookies(ctx, reply, started);
      return { user: presentSessionUser(user, started.session) };
    });

    // A picture past the limit is refused unread when the body says its length, else cut off at
    // the limit as it streams: either way no more than the limit reaches the disk.
    const pictureForm = multipartForm(ctx, {
      schema: changeProfilePictureFields,
      maxFiles: 1,
      maxFileSize: { bytes: AVATAR_MAX_BYTES, refusal: "picture_too_large" },
      admit: async (request) => {
        await requireOwnProfile(db, requireUser(request));
        const length = Number(request.headers["content-length"]);
        if (Number.isSafeInteger(length) && length > PICTURE_BODY_MAX) throw new AppError("picture_too_large");
      },
    });
    app.post(
      "/api/profile/change-profile-picture",
      { schema: schemas.picture, preHandler: pictureForm.preHandler },
      async (request) => {
        const me = requireUser(request);
        const user = await changeProfilePicture(ctx, me.id, pictureForm.read(request).files);
        return { user: presentSessionUser(user, request.session!) };
      },
    );

    app.post("/api/profile/delete-profile-picture", { schema: schemas.deletePicture }, async (request) => {
      const me = await requireOwnProfile(db, requireUser(request));
      const user = await deleteProfilePicture(ctx, me.id);
      return { user: presentSessionUser(user, request.session!) };
    });

    app.post("/api/profile/save-user-preferences", { schema: schemas.preferences }, async (request) => {
      const me = await requireOwnProfile(db, requireUser(request));
      const { user_id: _ignored, ...flags } = request.body;
      return { user_preferences: await saveUserPreferences(ctx, me.id, flags) };
    });

    app.get("/api/profile/avatar/:filename", { schema: schemas.avatar }, async (request, reply) => {
      const viewer = requireUser(request);
      const name = request.params.filename;
      if (!STORED_NAME.test(name)) throw new AppError("not_found");
      const owner = await findStaffByAvatar(db, avatarUrl(name));
      // Someone who may not see the employee learns nothing, not even that the picture exists.
      if (!owner || !(await mayViewAvatar(db, viewer, request.session!, owner.id))) throw new AppError("not_found");
      const file = ctx.uploads.pathOf(name);
      const info = await stat(file).catch(() => null);
      const mime = MIME_OF_EXTENSION.get(name.slice(name.lastIndexOf(".") + 1));
      if (!info || !mime) throw new AppError("not_found");
      return reply
        .header("content-type", mime)
        .header("content-length", String(info.size))
        .header("content-disposition", "inline")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, max-age=31536000, immutable")
        .send(createReadStream(file));
    });

    // ---- the developer to-do board (spec 3 §2.6, §7 misc): staff (class dev) only
    app.get("/api/misc/fetch-todos", { schema: schemas.todos }, async (request) => {
      const staff = requireUser(request);
      requireStaff(staff);
      const [active, done] = await Promise.all([listTodos(db, false), listTodos(db, true)]);
      const canSwitch = ctx.config.devSwitchUserEmail !== undefined && staff.email === ctx.config.devSwitchUserEmail;
      return { active_todos: active, done_todos: done, can_switch: canSwitch };
    });

    app.post("/api/misc/create-todo", { schema: schemas.createTodo }, async (request) => {
      const staff = requireStaff(requireUser(request));
      const id = await insertTodo(db, { userId: staff.id, ...request.body, now: nowSeconds() });
      return { todo: (await findTodo(db, id))! };
    });

    app.post("/api/misc/mark-todo", { schema: schemas.markTodo }, async (request) => {
      requireStaff(requireUser(request));
      if (!(await setTodoDone(db, request.body.id, request.body.done))) throw new AppError("not_found");
      const todo = await findTodo(db, request.body.id);
      // Deleted by someone else between the two statements.
      if (!todo) throw new AppError("not_found");
      return { todo };
    });

    app.post("/api/misc/delete-todo", { schema: schemas.deleteTodo }, async (request) => {
      requireStaff(requireUser(request));
      if (!(await deleteTodo(db, request.body.id))) throw new AppError("not_found");
      return { id: request.body.id };
    });
  };
}
