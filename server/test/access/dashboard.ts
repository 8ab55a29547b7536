/**
 * Authorization rows for dashboard and statistics: /api/stats/*, /api/system/fetch-server-status,
 * the changelog (spec/3-staff-administration.md §2.1, §7) and the admins' first-run checklist
 * (docs/decisions/first-start.md).
 */
import { addChangelogBody } from "../../../common/schemas/changelog.ts";
import { changeDeskSettingsBody } from "../../../common/schemas/deskSettings.ts";
import { changeFirstRunChecklistBody } from "../../../common/schemas/firstRun.ts";
import { statsRangeQuery } from "../../../common/schemas/stats.ts";
import { outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

/**
 * Statistics need stats:view or stats:page_view, which every staff rank holds by default; a
 * member of staff without either is refused in server/routes/dashboard.test.ts. Players know the
 * calls exist (403), anonymous callers sign in first (401).
 */
const STATS_READERS = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 200 });
/** The server status and the changelog: every member of staff (docs/decisions/dashboard.md). */
const STAFF = STATS_READERS;
/** Adding to the changelog and the first-run checklist: the admin rank only; no permission string exists for either. */
const ADMINS = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 403, admin: 200 });

export const DASHBOARD_ROUTES: RouteAccess[] = [
  {
    method: "GET",
    url: "/api/stats/fetch-tickets-stats-overview",
    schema: null,
    cases: [{ name: "the ticket totals", request: () => ({}), expect: STATS_READERS }],
  },
  {
    method: "GET",
    url: "/api/stats/get-user-stats-overview",
    schema: null,
    cases: [{ name: "own work and the open tickets", request: () => ({}), expect: STATS_READERS }],
  },
  {
    method: "GET",
    url: "/api/stats/fetch-tickets-chronological",
    schema: statsRangeQuery,
    cases: [
      { name: "the default range", request: () => ({}), expect: STATS_READERS },
      {
        name: "Last Month",
        request: () => ({ path: "/api/stats/fetch-tickets-chronological?range=weeks_to_count" }),
        expect: STATS_READERS,
      },
    ],
  },
  {
    method: "GET",
    url: "/api/stats/fetch-tickets-first-reply-time-chronological",
    schema: statsRangeQuery,
    cases: [
      {
        name: "Last Year",
        request: () => ({ path: "/api/stats/fetch-tickets-first-reply-time-chronological?range=months_to_count" }),
        expect: STATS_READERS,
      },
    ],
  },
  {
    method: "GET",
    url: "/api/system/fetch-server-status",
    schema: null,
    cases: [{ name: "this node's capacity", request: () => ({}), expect: STAFF }],
  },
  {
    method: "GET",
    url: "/api/misc/fetch-changelogs",
    schema: null,
    cases: [{ name: "the timeline", request: () => ({}), expect: STAFF }],
  },
  {
    method: "POST",
    url: "/api/misc/add-new-changelog",
    schema: addChangelogBody,
    cases: [
      {
        name: "an entry dated as the spec writes it",
        request: (f) => ({
          json: { date: "14:30 02.11:2026", title: `Release ${f.unique()}`, message: "Faster search." },
        }),
        expect: ADMINS,
      },
    ],
  },
  {
    method: "GET",
    url: "/api/misc/fetch-first-run-checklist",
    schema: null,
    cases: [{ name: "the checklist", request: () => ({}), expect: ADMINS }],
  },
  {
    method: "POST",
    url: "/api/misc/change-first-run-checklist",
    schema: changeFirstRunChecklistBody,
    cases: [
      // Both actions keep their first moment: a repeated call answers the same, so every cell can run.
      { name: "the setup fits", request: () => ({ json: { action: "confirm_setup" } }), expect: ADMINS },
      { name: "dismissed", request: () => ({ json: { action: "dismiss" } }), expect: ADMINS },
    ],
  },
  {
    method: "GET",
    url: "/api/misc/fetch-desk-settings",
    schema: null,
    cases: [{ name: "the settings", request: () => ({}), expect: STAFF }],
  },
  {
    method: "POST",
    url: "/api/misc/change-desk-settings",
    schema: changeDeskSettingsBody,
    cases: [
      // Off, as it starts: the other rows' replies must not assign their tickets.
      {
        name: "assign on first reply off",
        request: () => ({ json: { assign_on_first_reply: false } }),
        expect: ADMINS,
      },
    ],
  },
];

export const DASHBOARD_SOCKETS: SocketAccess[] = [];
