/**
 * `views_changed` to every staff page (docs/decisions/views.md): a ticket filed, changed or
 * written in may move the views' counts, and each page reads them again. A burst of changes must
 * not become a burst of reads, on one node or several, so the event goes out on a clock shared by
 * every node: time is cut into slots of VIEWS_CHANGED_INTERVAL_MS, a change asks for the event at
 * the end of its slot, and the first node to claim that slot in the limit store (Redis across
 * nodes) sends it. So at most one event leaves per slot, whichever nodes saw the changes, and a
 * change is announced within one slot.
 */
import { STAFF_ROOM } from "../../common/socket-events.ts";
import type { AppContext } from "../context.ts";
import type { AppServer } from "./socketTypes.ts";

/** How long a claimed slot is remembered: far longer than any node's timer can run late. */
const CLAIM_RULE = { max: 1, windowSeconds: 60 } as const;

export interface ViewsChangedFeed {
  /** Drops the slots not sent yet (the node is closing). */
  stop(): void;
}

export function subscribeViewsChanged(ctx: AppContext, io: AppServer): ViewsChangedFeed {
  const interval = ctx.config.viewsChangedIntervalMs;
  /** The slots this node waits to end, by their number. */
  const pending = new Map<number, NodeJS.Timeout>();

  async function send(slot: number): Promise<void> {
    pending.delete(slot);
    let claimed = true;
    try {
      claimed = (await ctx.limits.consume(`views_changed:${slot}`, CLAIM_RULE)).allowed;
    } catch (error) {
      // Without the shared store, a page may read its counts twice rather than miss a change.
      ctx.events.log?.error({ err: error }, "views_changed claim failed");
    }
    if (claimed) io.to(STAFF_ROOM).emit("views_changed", {});
  }

  const changed = () => {
    const now = Date.now();
    const slot = Math.floor(now / interval);
    if (pending.has(slot)) return;
    pending.set(
      slot,
      setTimeout(() => void send(slot), (slot + 1) * interval - now),
    );
  };

  ctx.events.on("ticket.created", changed);
  ctx.events.on("ticket.updated", changed);
  // A message moves waiting on me (who spoke last) without a ticket.updated.
  ctx.events.on("message.created", changed);

  return {
    stop() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
