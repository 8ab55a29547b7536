/**
 * The dashboard and statistics (spec/3-staff-administration.md §2.1, §7 "Stats and misc"). The charts need stats:view and
 * the statistics page stats:page_view; the calls behind them are the same, so either reads them.
 * The server status and the changelog are for all staff; adding to the changelog is for the admin
 * rank, as no permission string names it (docs/decisions/dashboard.md), and so is the first-run
 * checklist.
 */
import type { Permission } from "../permissions.ts";
import { defineEndpoints } from "./define.ts";

const STATS_READERS: readonly Permission[] = ["stats:view", "stats:page_view"];

export const DASHBOARD_ENDPOINTS = defineEndpoints({
  fetchTicketsStatsOverview: {
    method: "GET",
    path: "/api/stats/fetch-tickets-stats-overview",
    access: { anyPermission: STATS_READERS },
  },
  getUserStatsOverview: {
    method: "GET",
    path: "/api/stats/get-user-stats-overview",
    access: { anyPermission: STATS_READERS },
  },
  fetchTicketsChronological: {
    method: "GET",
    path: "/api/stats/fetch-tickets-chronological",
    access: { anyPermission: STATS_READERS },
  },
  fetchTicketsFirstReplyTimeChronological: {
    method: "GET",
    path: "/api/stats/fetch-tickets-first-reply-time-chronological",
    access: { anyPermission: STATS_READERS },
  },
  fetchServerStatus: { method: "GET", path: "/api/system/fetch-server-status", access: "staff" },
  fetchChangelogs: { method: "GET", path: "/api/misc/fetch-changelogs", access: "staff" },
  addNewChangelog: { method: "POST", path: "/api/misc/add-new-changelog", access: "admin" },
  /** The first-run checklist (docs/decisions/first-start.md): its items need every permission the admin rank holds. */
  fetchFirstRunChecklist: { method: "GET", path: "/api/misc/fetch-first-run-checklist", access: "admin" },
  changeFirstRunChecklist: { method: "POST", path: "/api/misc/change-first-run-checklist", access: "admin" },
  /** Desk-wide settings (docs/decisions/assignment.md): every employee reads them, the admin rank changes them. */
  fetchDeskSettings: { method: "GET", path: "/api/misc/fetch-desk-settings", access: "staff" },
  changeDeskSettings: {
    method: "POST",
    path: "/api/misc/change-desk-settings",
    access: "admin",
    encoding: "json",
  },
});
