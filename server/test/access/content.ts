/**
 * Authorization rows for announcements for players and employees, their reads, and the FAQ writes
 * (spec/3-staff-administration.md §2.4, §6, §7). The default rank sets decide the staff columns:
 * the dev rank holds announcement:view and faq:view only, mods and admins hold every content
 * permission. Players and visitors are refused everywhere (403), anonymous callers get 401.
 */
import {
  changeActiveAnnouncementBody,
  contentIdBody,
  editAnnouncementBody,
  editEmployeeAnnouncementBody,
  editFaqBody,
  fetchAnnouncementsBody,
  markEmployeeAnnouncementReadBody,
  submitAnnouncementBody,
  submitEmployeeAnnouncementBody,
  submitFaqBody,
} from "../../../common/schemas/content.ts";
import { type AccessFixtures, outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

/** announcement:view, or a read record of one's own: every staff rank. */
const STAFF = outcomes({ anonymous: 401, signedIn: 403, staff: 200 });
/** announcement:create / announcement:edit, faq:create / faq:edit: not the dev rank. */
const EDITORS = outcomes({ anonymous: 401, signedIn: 403, dev: 403, mod: 200, admin: 200 });

const DAY = 86_400;
const today = () => Math.floor(Date.now() / 1000 / DAY) * DAY;
const employeeFields = () => ({
  title: "Briefing",
  message: "Monday 10:00",
  value: 3,
  startDate: today(),
  endDate: "",
});
const playerFields = () => ({
  ...employeeFields(),
  title: "Bakım",
  message: "Bu gece",
  engTitle: "Maintenance",
  engMessage: "Tonight",
  endDate: today() + 2 * DAY - 1,
});
const faqFields = { title: "Soru", message: "Cevap", engTitle: "Question", engMessage: "Answer", value: 0 };

const row = (
  url: string,
  schema: RouteAccess["schema"],
  request: RouteAccess["cases"][number]["request"],
  expect = EDITORS,
): RouteAccess => ({
  method: "POST",
  url,
  schema,
  cases: [{ name: "a valid request", request, expect }],
});
const player = (f: AccessFixtures) => f.announcementId;
const employee = (f: AccessFixtures) => f.employeeAnnouncementId;

export const CONTENT_ROUTES: RouteAccess[] = [
  row("/api/setup/fetch-announcements", fetchAnnouncementsBody, () => ({ json: { hasPermission: true } }), STAFF),
  row("/api/setup/submit-new-announcement", submitAnnouncementBody, () => ({ json: playerFields() })),
  row("/api/setup/edit-announcement", editAnnouncementBody, (f) => ({ json: { id: player(f), ...playerFields() } })),
  row("/api/setup/change-active-announcement", changeActiveAnnouncementBody, (f) => ({
    json: { id: player(f), active: false },
  })),
  row("/api/setup/delete-announcement", contentIdBody, async (f) => ({
    json: { id: await f.freshContent("announcements") },
  })),
  row(
    "/api/setup/fetch-employee-announcements",
    fetchAnnouncementsBody,
    () => ({ json: { hasPermission: false } }),
    STAFF,
  ),
  row("/api/setup/submit-new-employee-announcement", submitEmployeeAnnouncementBody, () => ({
    json: employeeFields(),
  })),
  row("/api/setup/edit-employee-announcement", editEmployeeAnnouncementBody, (f) => ({
    json: { id: employee(f), ...employeeFields() },
  })),
  row("/api/setup/change-active-employee-announcement", changeActiveAnnouncementBody, (f) => ({
    json: { id: employee(f), active: false },
  })),
  row("/api/setup/delete-employee-announcement", contentIdBody, async (f) => ({
    json: { id: await f.freshContent("employee_announcements") },
  })),
  {
    method: "GET",
    url: "/api/setup/fetch-employee-announcement-reads",
    schema: null,
    cases: [{ name: "the caller's own reads", request: () => ({}), expect: STAFF }],
  },
  row(
    "/api/setup/mark-employee-announcement-read",
    markEmployeeAnnouncementReadBody,
    (f) => ({ json: { id: employee(f) } }),
    STAFF,
  ),
  row("/api/setup/submit-new-faq", submitFaqBody, () => ({ json: faqFields })),
  row("/api/setup/edit-faq", editFaqBody, (f) => ({ json: { id: f.faqId, ...faqFields } })),
  row("/api/setup/delete-faq", contentIdBody, async (f) => ({ json: { id: await f.freshContent("faqs") } })),
];

export const CONTENT_SOCKETS: SocketAccess[] = [];
