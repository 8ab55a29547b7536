/**
 * Dashboard and statistics: /api/stats/*, /api/system/fetch-server-status, the changelog (spec/3-staff-administration.md
 * §2.1, §7), and the admins' first-run checklist (docs/decisions/first-start.md). Who may read and
 * write them is each call's access in common/contract/dashboard.ts.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ENDPOINTS } from "../../common/contract/endpoints.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { mayAccess } from "../policies/access.ts";
import { presentChangelog } from "../presenters/changelog.ts";
import { RATE_LIMITS, routeLimit } from "../ratelimit/rules.ts";
import { listChangelogs } from "../repositories/changelogs.ts";
import type { UserRow } from "../repositories/users.ts";
import { EventLoopDelay } from "../system/eventLoopDelay.ts";
import { addChangelog } from "../usecases/addChangelog.ts";
import { changeFirstRunChecklist } from "../usecases/changeFirstRunChecklist.ts";
import { countTicketsOverTime, firstReplyDelayOverTime } from "../usecases/countTicketsOverTime.ts";
import { changeDeskSettings, readDeskSettings } from "../usecases/deskSettings.ts";
import { readFirstRunChecklist } from "../usecases/readFirstRunChecklist.ts";
import { readServerStatus } from "../usecases/readServerStatus.ts";
import { ticketStatsOverview } from "../usecases/ticketStatsOverview.ts";
import { userStatsOverview } from "../usecases/userStatsOverview.ts";

/** The statistics read whole index ranges: a dashboard reloading in a loop must not hog the database. */
const STATS_RATE = { config: { rateLimit: routeLimit(RATE_LIMITS.statistics) } };

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const loop = new EventLoopDelay();
    app.addHook("onClose", async () => loop.stop());
    const db = ctx.store.db;

    route(app, ctx, "fetchTicketsStatsOverview", STATS_RATE, async () => ({
      ticket_stats: await ticketStatsOverview(ctx),
    }));

    route(app, ctx, "getUserStatsOverview", STATS_RATE, async (request) =>
      userStatsOverview(ctx, requireUser(request).id),
    );

    route(app, ctx, "fetchTicketsChronological", STATS_RATE, async (request) =>
      countTicketsOverTime(ctx, { range: request.query.range, now: nowSeconds() }),
    );

    route(app, ctx, "fetchTicketsFirstReplyTimeChronological", STATS_RATE, async (request) =>
      firstReplyDelayOverTime(ctx, { range: request.query.range, now: nowSeconds() }),
    );

    route(app, ctx, "fetchServerStatus", async () => ({ server_stats: await readServerStatus(ctx, loop) }));

    /** Whether the caller may add an entry: the access of add-new-changelog, asked as its route asks it. */
    const mayAddChangelog = (user: UserRow) => mayAccess(db, user, ENDPOINTS.addNewChangelog.access);

    route(app, ctx, "fetchChangelogs", async (request) => ({
      changelogs: (await listChangelogs(db)).map(presentChangelog),
      may_add: await mayAddChangelog(requireUser(request)),
    }));

    route(app, ctx, "addNewChangelog", async (request) => ({
      changelogs: (await addChangelog(ctx, request.body)).map(presentChangelog),
      may_add: await mayAddChangelog(requireUser(request)),
    }));

    route(app, ctx, "fetchFirstRunChecklist", async (request) => ({
      checklist: await readFirstRunChecklist(ctx, requireUser(request)),
    }));

    route(app, ctx, "changeFirstRunChecklist", async (request) => ({
      checklist: await changeFirstRunChecklist(ctx, requireUser(request), request.body),
    }));

    route(app, ctx, "fetchDeskSettings", async (request) => readDeskSettings(ctx, requireUser(request)));

    route(app, ctx, "changeDeskSettings", async (request) =>
      changeDeskSettings(ctx, requireUser(request), request.body),
    );
  };
}
