/**
 * Announcements for players and employees, their reads, and the FAQ writes (spec 3 §2.1, §2.4,
 * §7; issue 8, part content). Every call needs a staff session with the permission that
 * policies/content.ts names; every change answers the whole list as it is afterwards, which
 * replaces the page's list (spec 3 §2.4). Reading FAQs and live player announcements stays public
 * (setupRead.ts).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Permission } from "../../common/permissions.ts";
import {
  changeActiveAnnouncementBody,
  contentIdBody,
  editAnnouncementBody,
  editEmployeeAnnouncementBody,
  editFaqBody,
  fetchAnnouncementsBody,
  markEmployeeAnnouncementReadBody,
  type SubmitAnnouncementBody,
  type SubmitEmployeeAnnouncementBody,
  submitAnnouncementBody,
  submitEmployeeAnnouncementBody,
  submitFaqBody,
} from "../../common/schemas/content.ts";
import {
  type EmployeeAnnouncement,
  employeeAnnouncementReadsResponse,
  employeeAnnouncementsResponse,
} from "../../common/schemas/contentResponses.ts";
import { type Announcement, announcementsResponse, faqsResponse } from "../../common/schemas/setupResponses.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { requireUser } from "../http/session.ts";
import { ANNOUNCEMENT_PERMISSIONS, FAQ_PERMISSIONS } from "../policies/content.ts";
import { type Actor, requirePermission, requireStaff } from "../policies/policy.ts";
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
  const allowed = (request: Parameters<typeof requireUser>[0], permission: Permission): Promise<Actor> =>
    requirePermission(db, requireUser(request), permission);

  /** The list a kind's calls answer, in the scope asked for; player rows carry the caller's read flags. */
  async function announcements(kind: "player", userId: number, scope: AnnouncementScope): Promise<Announcement[]>;
  async function announcements(
    kind: "employee",
    userId: number,
    scope: AnnouncementScope,
  ): Promise<EmployeeAnnouncement[]>;
  async function announcements(
    kind: AnnouncementKind,
    userId: number,
    scope: AnnouncementScope,
  ): Promise<Announcement[] | EmployeeAnnouncement[]>;
  async function announcements(kind: AnnouncementKind, userId: number, scope: AnnouncementScope) {
    if (kind === "player") return (await listAnnouncements(db, userId, scope)).map(presentAnnouncement);
    return (await listEmployeeAnnouncements(db, scope)).map(presentEmployeeAnnouncement);
  }

  async function employeeReads(userId: number) {
    const ids = await listEmployeeAnnouncementReads(db, userId);
    return { reads: ids.map((id) => presentEmployeeAnnouncementRead(userId, id)) };
  }

  return async (app) => {
    const kinds = [
      {
        kind: "player",
        infix: "announcement",
        list: "announcements",
        response: announcementsResponse,
        submit: submitAnnouncementBody,
        edit: editAnnouncementBody,
      },
      {
        kind: "employee",
        infix: "employee-announcement",
        list: "employee-announcements",
        response: employeeAnnouncementsResponse,
        submit: submitEmployeeAnnouncementBody,
        edit: editEmployeeAnnouncementBody,
      },
    ] as const;

    for (const { kind, infix, list, response, submit, edit } of kinds) {
      const answers = { response: { 200: response } };
      /** The kind's body parsed by the kind's own schema: the pairing the type system cannot see. */
      const row = (fields: SubmitAnnouncementBody | SubmitEmployeeAnnouncementBody) =>
        (kind === "player"
          ? { kind, fields: fields as SubmitAnnouncementBody }
          : { kind, fields }) satisfies AnnouncementFields;

      app.post(
        `/api/setup/fetch-${list}`,
        { schema: { body: fetchAnnouncementsBody, ...answers } },
        async (request) => {
          const actor = await allowed(request, ANNOUNCEMENT_PERMISSIONS.view);
          const scope: AnnouncementScope = request.body.hasPermission ? ALL : { liveAt: nowSeconds() };
          return { announcements: await announcements(kind, actor.id, scope) };
        },
      );

      app.post(`/api/setup/submit-new-${infix}`, { schema: { body: submit, ...answers } }, async (request) => {
        const actor = await allowed(request, ANNOUNCEMENT_PERMISSIONS.create);
        await changeAnnouncement(ctx, { type: "create", ...row(request.body) });
        return { announcements: await announcements(kind, actor.id, ALL) };
      });

      app.post(`/api/setup/edit-${infix}`, { schema: { body: edit, ...answers } }, async (request) => {
        const actor = await allowed(request, ANNOUNCEMENT_PERMISSIONS.edit);
        const { id, ...fields } = request.body;
        await changeAnnouncement(ctx, { type: "edit", id, ...row(fields) });
        return { announcements: await announcements(kind, actor.id, ALL) };
      });

      app.post(
        `/api/setup/change-active-${infix}`,
        { schema: { body: changeActiveAnnouncementBody, ...answers } },
        async (request) => {
          const actor = await allowed(request, ANNOUNCEMENT_PERMISSIONS.setActive);
          await changeAnnouncement(ctx, { type: "setActive", kind, id: request.body.id, active: request.body.active });
          return { announcements: await announcements(kind, actor.id, ALL) };
        },
      );

      app.post(`/api/setup/delete-${infix}`, { schema: { body: contentIdBody, ...answers } }, async (request) => {
        const actor = await allowed(request, ANNOUNCEMENT_PERMISSIONS.delete);
        await changeAnnouncement(ctx, { type: "delete", kind, id: request.body.id });
        return { announcements: await announcements(kind, actor.id, ALL) };
      });
    }

    // Read records are the caller's own: any employee keeps them (spec 1 §6).
    app.get(
      "/api/setup/fetch-employee-announcement-reads",
      { schema: { response: { 200: employeeAnnouncementReadsResponse } } },
      async (request) => employeeReads(requireStaff(requireUser(request)).id),
    );
    app.post(
      "/api/setup/mark-employee-announcement-read",
      { schema: { body: markEmployeeAnnouncementReadBody, response: { 200: employeeAnnouncementReadsResponse } } },
      async (request) => {
        const actor = requireStaff(requireUser(request));
        if (!(await markAnnouncementRead(db, actor.id, request.body.id, "employee"))) {
          throw new AppError("not_found", "This announcement does not exist (any more).");
        }
        return employeeReads(actor.id);
      },
    );

    const faqAnswer = { response: { 200: faqsResponse } };
    const faqs = async () => ({ faqs: (await listFaqs(db)).map(presentFaq) });
    app.post("/api/setup/submit-new-faq", { schema: { body: submitFaqBody, ...faqAnswer } }, async (request) => {
      await allowed(request, FAQ_PERMISSIONS.create);
      await changeFaq(ctx, { type: "create", fields: request.body });
      return faqs();
    });
    app.post("/api/setup/edit-faq", { schema: { body: editFaqBody, ...faqAnswer } }, async (request) => {
      await allowed(request, FAQ_PERMISSIONS.edit);
      const { id, ...fields } = request.body;
      await changeFaq(ctx, { type: "edit", id, fields });
      return faqs();
    });
    app.post("/api/setup/delete-faq", { schema: { body: contentIdBody, ...faqAnswer } }, async (request) => {
      await allowed(request, FAQ_PERMISSIONS.delete);
      await changeFaq(ctx, { type: "delete", id: request.body.id });
      return faqs();
    });
  };
}
