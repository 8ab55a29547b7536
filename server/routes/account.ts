/**
 * Profile, preferences and the developer to-do board: /api/profile/* writes, /api/misc/*todo*
 * (spec/3-staff-administration.md §2.5, §2.6, §7). Every profile call acts on the session's user,
 * whatever `user_id` the body names.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AVATAR_MAX_BYTES, avatarParams, changeProfilePictureFields } from "../../common/schemas/profile.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { route } from "../http/contractRoutes.ts";
import { requestOrigin, requireUser, setSessionCookies } from "../http/session.ts";
import { mayViewAvatar } from "../policies/profile.ts";
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

/** The multipart envelope around one picture: a body far past the picture limit is refused unread. */
const PICTURE_BODY_MAX = AVATAR_MAX_BYTES + 64 * 1024;

const MIME_OF_EXTENSION = new Map(Object.entries(EXTENSIONS).map(([mime, ext]) => [ext, mime]));

export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;

  return async (app) => {
    // ---- profile (spec/3-staff-administration.md §2.5, §7 Profile): the contract's access asks for profile:view
    route(app, ctx, "changeProfileName", async (request) => {
      const user = await changeProfileName(ctx, requireUser(request).id, request.body.name);
      return { user: presentSessionUser(user, request.session!) };
    });

    route(app, ctx, "changeProfileEmail", async (request) => {
      const user = await changeProfileEmail(ctx, {
        user: requireUser(request),
        currentPassword: request.body.current_password,
        email: request.body.email,
      });
      return { user: presentSessionUser(user, request.session!) };
    });

    route(app, ctx, "changeProfilePassword", async (request, reply) => {
      const { user, started } = await changeProfilePassword(ctx, {
        user: requireUser(request),
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
      admit: (request) => {
        const length = Number(request.headers["content-length"]);
        if (Number.isSafeInteger(length) && length > PICTURE_BODY_MAX) throw new AppError("picture_too_large");
      },
    });
    route(app, ctx, "changeProfilePicture", { preHandler: pictureForm.preHandler }, async (request) => {
      const user = await changeProfilePicture(ctx, requireUser(request).id, pictureForm.read(request).files);
      return { user: presentSessionUser(user, request.session!) };
    });

    route(app, ctx, "deleteProfilePicture", async (request) => {
      const user = await deleteProfilePicture(ctx, requireUser(request).id);
      return { user: presentSessionUser(user, request.session!) };
    });

    route(app, ctx, "saveUserPreferences", async (request) => {
      const { user_id: _ignored, ...flags } = request.body;
      return { user_preferences: await saveUserPreferences(ctx, requireUser(request).id, flags) };
    });

    // A picture's URL, for <img>: a file, not a call of the contract.
    app.get("/api/profile/avatar/:filename", { schema: { params: avatarParams } }, async (request, reply) => {
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

    // ---- the developer to-do board (spec/3-staff-administration.md §2.6, §7 misc): staff (class dev) only
    route(app, ctx, "fetchTodos", async (request) => {
      const staff = requireUser(request);
      const [active, done] = await Promise.all([listTodos(db, false), listTodos(db, true)]);
      const canSwitch = ctx.config.devSwitchUserEmail !== undefined && staff.email === ctx.config.devSwitchUserEmail;
      return { active_todos: active, done_todos: done, can_switch: canSwitch };
    });

    route(app, ctx, "createTodo", async (request) => {
      const id = await insertTodo(db, { userId: requireUser(request).id, ...request.body, now: nowSeconds() });
      return { todo: (await findTodo(db, id))! };
    });

    route(app, ctx, "markTodo", async (request) => {
      if (!(await setTodoDone(db, request.body.id, request.body.done))) throw new AppError("not_found");
      const todo = await findTodo(db, request.body.id);
      // Deleted by someone else between the two statements.
      if (!todo) throw new AppError("not_found");
      return { todo };
    });

    route(app, ctx, "deleteTodo", async (request) => {
      if (!(await deleteTodo(db, request.body.id))) throw new AppError("not_found");
      return { id: request.body.id };
    });
  };
}
