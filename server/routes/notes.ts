/**
 * Staff-only calls of the ticket page's side panels (spec/2-staff-ticket-work.md §7): POST /api/fetch-notes and
 * POST /api/setup/fetch-category-quick-replies. Notes are written, edited and deleted over the
 * socket (send_note, edit_note, delete_note; server/realtime/handlers.ts).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { presentNote, presentNoteWriter } from "../presenters/note.ts";
import { listNotes, noteWriters } from "../repositories/notes.ts";
import { quickRepliesForCategory } from "../repositories/quickReplies.ts";
import { notesTicket } from "../usecases/sendNote.ts";

/** A ticket's notes panel shows its newest notes; older ones are rarely read. */
const NOTES_SHOWN = 500;

export function notesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ctx, "fetchNotes", async (request) => {
      const ticket = await notesTicket(ctx, requireUser(request), request.body.notes_id);
      const rows = await listNotes(ctx.store.db, ticket.id, NOTES_SHOWN);
      const writers = [...new Set(rows.map((r) => r.sender_id).filter((id): id is number => id !== null))];
      const users = await noteWriters(ctx.store.db, writers);
      return { notes: rows.map(presentNote), users: users.map(presentNoteWriter) };
    });

    route(app, ctx, "fetchCategoryQuickReplies", async (request) => ({
      quick_replies: await quickRepliesForCategory(ctx.store.db, request.body.category),
    }));
  };
}
