import { addChangelogBody, changelogsResponse } from "../schemas/changelog.ts";
import { changeDeskSettingsBody, deskSettingsResponse } from "../schemas/deskSettings.ts";
import { changeFirstRunChecklistBody, firstRunChecklistResponse } from "../schemas/firstRun.ts";
import {
  firstReplyChronologicalResponse,
  serverStatusResponse,
  statsRangeQuery,
  ticketStatsResponse,
  ticketsChronologicalResponse,
  userStatsOverviewResponse,
} from "../schemas/stats.ts";
import type { DASHBOARD_ENDPOINTS } from "./dashboard.ts";
import { defineSchemas } from "./define.ts";

export const DASHBOARD_SCHEMAS = defineSchemas<typeof DASHBOARD_ENDPOINTS>()({
  fetchTicketsStatsOverview: { response: ticketStatsResponse },
  getUserStatsOverview: { response: userStatsOverviewResponse },
  fetchTicketsChronological: { querystring: statsRangeQuery, response: ticketsChronologicalResponse },
  fetchTicketsFirstReplyTimeChronological: { querystring: statsRangeQuery, response: firstReplyChronologicalResponse },
  fetchServerStatus: { response: serverStatusResponse },
  fetchChangelogs: { response: changelogsResponse },
  addNewChangelog: { body: addChangelogBody, response: changelogsResponse },
  fetchFirstRunChecklist: { response: firstRunChecklistResponse },
  changeFirstRunChecklist: { body: changeFirstRunChecklistBody, response: firstRunChecklistResponse },
  fetchDeskSettings: { response: deskSettingsResponse },
  changeDeskSettings: { body: changeDeskSettingsBody, response: deskSettingsResponse },
});
