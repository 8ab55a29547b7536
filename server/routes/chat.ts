/**
 * Chat calls shared by players and staff (spec/2-staff-ticket-work.md §7): fetch-chat, new-chat-message, upload-files
 * and /download/{filename}.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { newChatMessageBody } from "../../common/schemas/chat.ts";
import type { AppContext } from "../context.ts";
import { AppError, parseOr422 } from "../errors.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { isVisibleTo } from "../policies/chatMessages.ts";
import { chatAudience } from "../policies/policy.ts";
import { ticketViewer } from "../policies/tickets.ts";
import { presentChatPage, presentSentMessage } from "../presenters/message.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { chatParticipants, listMessages } from "../repositories/chat.ts";
import { findTicket } from "../repositories/tickets.ts";
import { findUpload, recordUploads } from "../repositories/uploads.ts";
import { isInlineSafe } from "../uploads/fileType.ts";
import { multipartForm, rawFields } from "../uploads/multipart.ts";
import { STORED_NAME } from "../uploads/storage.ts";
import { admitChatMessage, sendChatMessage, visibleTicket } from "../usecases/sendChatMessage.ts";

/** RFC 6266 filename parameters: an ASCII fallback and the UTF-8 original. */
function contentDisposition(kind: "inline" | "attachment", original: string): string {
  const ascii = original.replace(/[^\x20-\x7e]|["\\%;]/g, "_") || "file";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(original)}`;
}

export function chatRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ctx, "fetchChat", async (request) => {
      const user = requireUser(request);
      const { ticket, viewer } = await visibleTicket(ctx, user, request.session!, request.body.chat_id);
      const rows = await listMessages(ctx.store.db, ticket.id, request.body.limit, request.body.before);
      // A player learns only of the people behind the messages they are shown.
      const shown = viewer === "staff" ? rows : rows.filter((row) => isVisibleTo(row, "owner"));
      const senders = [...new Set(shown.map((r) => r.sender_id).filter((id): id is number => id !== null))];
      const users = await chatParticipants(ctx.store.db, senders);
      return presentChatPage(rows, users, viewer, rows.length === request.body.limit);
    });

    // The ticket is checked as soon as chatId arrives: files for a ticket one may not write to
    // are never stored (the web client sends its fields before its files).
    const messageForm = multipartForm(ctx, {
      schema: newChatMessageBody,
      // Reserved before a byte of the body is read, so a refused send stores no file either. A
      // send refused later (a closed ticket, a bad field) keeps its reservation: attempts count.
      admit: async (request) => {
        const user = requireUser(request);
        const decision = await ctx.limits.consume(`chat-send:user:${user.id}`, RATE_LIMITS.chatSend);
        if (!decision.allowed) {
          throw new AppError("rate_limited", undefined, { "retry-after": String(decision.retryAfterSeconds) });
        }
      },
      gate: {
        fields: ["chatId"],
        check: async (request, fields) => {
          const { chatId: ticketId } = parseOr422(newChatMessageBody.pick({ chatId: true }), fields);
          await admitChatMessage(ctx, requireUser(request), request.session!, ticketId);
        },
      },
    });
    route(app, ctx, "newChatMessage", { preHandler: messageForm.preHandler }, async (request) => {
      const user = requireUser(request);
      const { body, files } = messageForm.read(request);
      const { message } = await sendChatMessage(ctx, user, request.session!, {
        ticketId: body.chatId,
        message: body.message,
        replyTo: body.reply_to,
        uploadedNames: body.fileUrls,
        newFiles: files,
        ip: request.ip,
        clientId: body.client_id,
      });
      return presentSentMessage(message, chatAudience(user));
    });

    const uploadForm = multipartForm(ctx, { schema: rawFields });
    route(app, ctx, "uploadFiles", { preHandler: uploadForm.preHandler }, async (request) => {
      const user = requireUser(request);
      const { files } = uploadForm.read(request);
      if (!files.length)
        throw new AppError("validation", [
          { loc: ["body", "files"], msg: "Attach at least one file.", type: "missing" },
        ]);
      await recordUploads(ctx.store.db, user.id, files);
      return { fileUrls: files.map((f) => `/download/${f.name}`) };
    });

    app.get(
      "/download/:filename",
      { schema: { params: z.object({ filename: z.string().max(100) }) } },
      async (request, reply) => {
        const user = requireUser(request);
        const name = request.params.filename;
        if (!STORED_NAME.test(name)) throw new AppError("not_found");
        const upload = await findUpload(ctx.store.db, name);
        if (!upload) throw new AppError("not_found");
        // An attached file is seen by whoever may see its ticket (a temporary session: only the
        // ticket it was opened for); an unattached one only by its uploader.
        let allowed = upload.ticket_id === null && upload.user_id === user.id;
        if (upload.ticket_id !== null) {
          const ticket = await findTicket(ctx.store.db, upload.ticket_id);
          allowed = ticket !== undefined && ticketViewer(user, request.session, ticket) !== null;
        }
        // Someone who may not see the file learns nothing, not even that it exists.
        if (!allowed) throw new AppError("not_found");
        const file = ctx.uploads.pathOf(name);
        const info = await stat(file).catch(() => null);
        if (!info) throw new AppError("not_found");
        const inline = isInlineSafe(upload.mime);
        return reply
          .header("content-type", upload.mime === "text/plain" ? "text/plain; charset=utf-8" : upload.mime)
          .header("content-length", String(info.size))
          .header("content-disposition", contentDisposition(inline ? "inline" : "attachment", upload.original_name))
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .header("cache-control", "private, max-age=3600")
          .send(createReadStream(file));
      },
    );
  };
}
