/**
 * `views_changed` to every staff page (docs/decisions/views.md): a ticket filed, changed or
 * written in may move the views' counts, and each page reads them again. A burst of changes must
 * not become a burst of reads, on one node or several, so every node sends the event only while
 * it holds the one lease of the limit store (Redis across nodes), which lasts
 * VIEWS_CHANGED_INTERVAL_MS: two events, from whichever nodes, are at least that far apart. A
 * node that saw a change and could not send (another node's lease, or its own last one) tries
 * again an interval later, so every change is announced, within about two intervals.
 */
import { randomUUID } from "node:crypto";
import { STAFF_ROOM } from "../../common/socket-events.ts";
import type { AppContext } from "../context.ts";
import type { AppServer } from "./socketTypes.ts";

const LEASE_KEY = "views_changed";

export interface ViewsChangedFeed {
  /** Stops the retries (the node is closing). */
  stop(): void;
}

export function subscribeViewsChanged(ctx: AppContext, io: AppServer): ViewsChangedFeed {
  const interval = ctx.config.viewsChangedIntervalMs;
  /** A change this node saw has not been announced yet. */
  let unsent = false;
  /** An attempt, or the wait after one, is under way: further changes join it. */
  let busy = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function attempt(): Promise<void> {
    let leased = true;
    try {
      // A fresh holder each time: the node's own last lease holds it back too.
      leased = await ctx.limits.acquireSlot(LEASE_KEY, randomUUID(), 1, interval / 1000);
    } catch (error) {
      // Without the shared store, a page may read its counts once more rather than miss a change.
      ctx.events.log?.error({ err: error }, "views_changed lease failed");
    }
    if (stopped) return;
    if (leased) {
      // Every change published before this emit is in what the pages read after it.
      unsent = false;
      io.to(STAFF_ROOM).emit("views_changed", {});
    }
    timer = setTimeout(() => {
      timer = undefined;
      if (unsent && !stopped) void attempt();
      else busy = false;
    }, interval);
  }

  const changed = () => {
    unsent = true;
    if (busy || stopped) return;
    busy = true;
    void attempt();
  };

  ctx.events.on("ticket.created", changed);
  ctx.events.on("ticket.updated", changed);
  // A message moves waiting on me (who spoke last) without a ticket.updated.
  ctx.events.on("message.created", changed);

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
