/**
 * Dashboard and statistics: /api/stats/*, /api/system/fetch-server-status, the changelog (spec 3
 * §2.1, §7; issue 8, part dashboard), and the admins' first-run checklist (docs/decisions/first-start.md).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addChangelogBody, changelogsResponse } from "../../common/schemas/changelog.ts";
import { changeFirstRunChecklistBody, firstRunChecklistResponse } from "../../common/schemas/firstRun.ts";
import {
  firstReplyChronologicalResponse,
  serverStatusResponse,
  statsRangeQuery,
  ticketStatsResponse,
  ticketsChronologicalResponse,
  userStatsOverviewResponse,
} from "../../common/schemas/stats.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { requireUser } from "../http/session.ts";
import { requireChangelogAuthor, requireChecklistAdmin, requireStatsReader } from "../policies/dashboard.ts";
import { requireStaff } from "../policies/policy.ts";
import { presentChangelog } from "../presenters/changelog.ts";
import { RATE_LIMITS, routeLimit } from "../ratelimit/rules.ts";
import { listChangelogs } from "../repositories/changelogs.ts";
import { EventLoopDelay } from "../system/eventLoopDelay.ts";
import { addChangelog } from "../usecases/addChangelog.ts";
import { changeFirstRunChecklist } from "../usecases/changeFirstRunChecklist.ts";
import { countTicketsOverTime, firstReplyDelayOverTime } from "../usecases/countTicketsOverTime.ts";
import { readFirstRunChecklist } from "../usecases/readFirstRunChecklist.ts";
import { readServerStatus } from "../usecases/readServerStatus.ts";
import { ticketStatsOverview } from "../usecases/ticketStatsOverview.ts";
import { userStatsOverview } from "../usecases/userStatsOverview.ts";

/** The statistics read whole index ranges: a dashboard reloading in a loop must not hog the database. */
const STATS_RATE = { rateLimit: routeLimit(RATE_LIMITS.statistics) };

const schemas = {
  ticketStats: { response: { 200: ticketStatsResponse } },
  userStats: { response: { 200: userStatsOverviewResponse } },
  ticketsOverTime: { querystring: statsRangeQuery, response: { 200: ticketsChronologicalResponse } },
  firstReplyOverTime: { querystring: statsRangeQuery, response: { 200: firstReplyChronologicalResponse } },
  serverStatus: { response: { 200: serverStatusResponse } },
  changelogs: { response: { 200: changelogsResponse } },
  addChangelog: { body: addChangelogBody, response: { 200: changelogsResponse } },
  firstRun: { response: { 200: firstRunChecklistResponse } },
  changeFirstRun: { body: changeFirstRunChecklistBody, response: { 200: firstRunChecklistResponse } },
};

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const loop = new EventLoopDelay();
    app.addHook("onClose", async () => loop.stop());
    const db = ctx.store.db;

    app.get(
      "/api/stats/fetch-tickets-stats-overview",
      { schema: schemas.ticketStats, config: STATS_RATE },
      async (request) => {
        await requireStatsReader(db, requireUser(request));
        return { ticket_stats: await ticketStatsOverview(ctx) };
      },
    );

    app.get(
      "/api/stats/get-user-stats-overview",
      { schema: schemas.userStats, config: STATS_RATE },
      async (request) => {
        const user = await requireStatsReader(db, requireUser(request));
        return userStatsOverview(ctx, user.id);
      },
    );

    app.get(
      "/api/stats/fetch-tickets-chronological",
      { schema: schemas.ticketsOverTime, config: STATS_RATE },
      async (request) => {
        await requireStatsReader(db, requireUser(request));
        return countTicketsOverTime(ctx, { range: request.query.range, now: nowSeconds() });
      },
    );

    app.get(
      "/api/stats/fetch-tickets-first-reply-time-chronological",
      { schema: schemas.firstReplyOverTime, config: STATS_RATE },
      async (request) => {
        await requireStatsReader(db, requireUser(request));
        return firstReplyDelayOverTime(ctx, { range: request.query.range, now: nowSeconds() });
      },
    );

    app.get("/api/system/fetch-server-status", { schema: schemas.serverStatus }, async (request) => {
      requireStaff(requireUser(request));
      return { server_stats: await readServerStatus(ctx, loop) };
    });

    app.get("/api/misc/fetch-changelogs", { schema: schemas.changelogs }, async (request) => {
      requireStaff(requireUser(request));
      return { changelogs: (await listChangelogs(db)).map(presentChangelog) };
    });

    app.post("/api/misc/add-new-changelog", { schema: schemas.addChangelog }, async (request) => {
      requireChangelogAuthor(requireUser(request));
      return { changelogs: (await addChangelog(ctx, request.body)).map(presentChangelog) };
    });

    app.get("/api/misc/fetch-first-run-checklist", { schema: schemas.firstRun }, async (request) => {
      const admin = requireChecklistAdmin(requireUser(request));
      return { checklist: await readFirstRunChecklist(ctx, admin) };
    });

    app.post("/api/misc/change-first-run-checklist", { schema: schemas.changeFirstRun }, async (request) => {
      const admin = requireChecklistAdmin(requireUser(request));
      return { checklist: await changeFirstRunChecklist(ctx, admin, request.body) };
    });
  };
}
