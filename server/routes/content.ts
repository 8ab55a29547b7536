/**
 * Announcements for players and employees, their reads, and the FAQ writes (spec/3-staff-administration.md §2.1, §2.4,
 * §7). Every call needs a staff session with the permission that the
 * contract (common/contract/content.ts) names; every change answers the whole list as it is
 * afterwards, which replaces the page's list (spec/3-staff-administration.md §2.4). Reading FAQs and live player
 * announcements stays public (setupRead.ts).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SubmitAnnouncementBody, SubmitEmployeeAnnouncementBody } from "../../common/schemas/content.ts";
import type { EmployeeAnnouncement } from "../../common/schemas/contentResponses.ts";
import type { Announcement } from "../../common/schemas/setupResponses.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { presentEmployeeAnnouncement, presentEmployeeAnnouncementRead } from "../presenters/content.ts";
import { presentAnnouncement, presentFaq } from "../presenters/setup.ts";
import {
  type AnnouncementKind,
  type AnnouncementScope,
  listAnnouncements,
  listEmployeeAnnouncementReads,
  listEmployeeAnnouncements,
  listFaqs,
  markAnnouncementRead,
} from "../repositories/content.ts";
import { type AnnouncementFields, changeAnnouncement } from "../usecases/changeAnnouncement.ts";
import { changeFaq } from "../usecases/changeFaq.ts";

const ALL: AnnouncementScope = { all: true };

export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;

  /** The list a kind's calls answer, in the scope asked for; player rows carry the caller's read flags. */
  async function announcements(kind: "player", userId: number, scope: AnnouncementScope): Promise<Announcement[]>;
  async function announcements(
    kind: "employee",
    userId: number,
    scope: AnnouncementScope,
  ): Promise<EmployeeAnnouncement[]>;
  async function announcements(kind: AnnouncementKind, userId: number, scope: AnnouncementScope) {
    if (kind === "player") return (await listAnnouncements(db, userId, scope)).map(presentAnnouncement);
    return (await listEmployeeAnnouncements(db, scope)).map(presentEmployeeAnnouncement);
  }

  async function employeeReads(userId: number) {
    const ids = await listEmployeeAnnouncementReads(db, userId);
    return { reads: ids.map((id) => presentEmployeeAnnouncementRead(userId, id)) };
  }

  return async (app) => {
    // Player announcements.
    const playerRow = (fields: SubmitAnnouncementBody): AnnouncementFields => ({ kind: "player", fields });
    route(app, ctx, "fetchAnnouncements", async (request) => {
      const scope: AnnouncementScope = request.body.hasPermission ? ALL : { liveAt: nowSeconds() };
      return { announcements: await announcements("player", requireUser(request).id, scope) };
    });
    route(app, ctx, "submitNewAnnouncement", async (request) => {
      await changeAnnouncement(ctx, { type: "create", ...playerRow(request.body) });
      return { announcements: await announcements("player", requireUser(request).id, ALL) };
    });
    route(app, ctx, "editAnnouncement", async (request) => {
      const { id, ...fields } = request.body;
      await changeAnnouncement(ctx, { type: "edit", id, ...playerRow(fields) });
      return { announcements: await announcements("player", requireUser(request).id, ALL) };
    });
    route(app, ctx, "changeActiveAnnouncement", async (request) => {
      const { id, active } = request.body;
      await changeAnnouncement(ctx, { type: "setActive", kind: "player", id, active });
      return { announcements: await announcements("player", requireUser(request).id, ALL) };
    });
    route(app, ctx, "deleteAnnouncement", async (request) => {
      await changeAnnouncement(ctx, { type: "delete", kind: "player", id: request.body.id });
      return { announcements: await announcements("player", requireUser(request).id, ALL) };
    });

    // Employee announcements.
    const employeeRow = (fields: SubmitEmployeeAnnouncementBody): AnnouncementFields => ({ kind: "employee", fields });
    route(app, ctx, "fetchEmployeeAnnouncements", async (request) => {
      const scope: AnnouncementScope = request.body.hasPermission ? ALL : { liveAt: nowSeconds() };
      return { announcements: await announcements("employee", requireUser(request).id, scope) };
    });
    route(app, ctx, "submitNewEmployeeAnnouncement", async (request) => {
      await changeAnnouncement(ctx, { type: "create", ...employeeRow(request.body) });
      return { announcements: await announcements("employee", requireUser(request).id, ALL) };
    });
    route(app, ctx, "editEmployeeAnnouncement", async (request) => {
      const { id, ...fields } = request.body;
      await changeAnnouncement(ctx, { type: "edit", id, ...employeeRow(fields) });
      return { announcements: await announcements("employee", requireUser(request).id, ALL) };
    });
    route(app, ctx, "changeActiveEmployeeAnnouncement", async (request) => {
      const { id, active } = request.body;
      await changeAnnouncement(ctx, { type: "setActive", kind: "employee", id, active });
      return { announcements: await announcements("employee", requireUser(request).id, ALL) };
    });
    route(app, ctx, "deleteEmployeeAnnouncement", async (request) => {
      await changeAnnouncement(ctx, { type: "delete", kind: "employee", id: request.body.id });
      return { announcements: await announcements("employee", requireUser(request).id, ALL) };
    });

    // Read records are the caller's own: any employee keeps them (spec/1-product-frame.md §6).
    route(app, ctx, "fetchEmployeeAnnouncementReads", async (request) => employeeReads(requireUser(request).id));
    route(app, ctx, "markEmployeeAnnouncementRead", async (request) => {
      const actor = requireUser(request);
      if (!(await markAnnouncementRead(db, actor.id, request.body.id, "employee"))) {
        throw new AppError("not_found", "This announcement does not exist (any more).");
      }
      return employeeReads(actor.id);
    });

    const faqs = async () => ({ faqs: (await listFaqs(db)).map(presentFaq) });
    route(app, ctx, "submitNewFaq", async (request) => {
      await changeFaq(ctx, { type: "create", fields: request.body });
      return faqs();
    });
    route(app, ctx, "editFaq", async (request) => {
      const { id, ...fields } = request.body;
      await changeFaq(ctx, { type: "edit", id, fields });
      return faqs();
    });
    route(app, ctx, "deleteFaq", async (request) => {
      await changeFaq(ctx, { type: "delete", id: request.body.id });
      return faqs();
    });
  };
}
