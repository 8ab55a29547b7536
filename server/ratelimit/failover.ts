/**
 * Shared limits that survive Redis going away: while Redis is not connected, or a call to it fails,
 * this node counts in its own memory (each node then holds every limit on its own, as a single
 * node does), and it goes back to Redis as soon as ioredis has reconnected. A help desk stays up
 * with its limits still in force rather than refusing everyone or letting everything through.
 */
import type { RedisRateLimitStore } from "./redisStore.ts";
import type { Decision, LimitRule, MemoryRateLimitStore, RateLimitStore } from "./store.ts";

export interface FailoverEvents {
  /** Redis stopped answering: the node counts alone from now on. */
  onFallback?(error: unknown): void;
  /** Redis answers again: limits are shared again. */
  onResume?(): void;
}

export class FailoverRateLimitStore implements RateLimitStore {
  readonly #shared: RedisRateLimitStore;
  readonly #local: MemoryRateLimitStore;
  readonly #events: FailoverEvents;
  #alone = false;

  constructor(shared: RedisRateLimitStore, local: MemoryRateLimitStore, events: FailoverEvents = {}) {
    this.#shared = shared;
    this.#local = local;
    this.#events = events;
  }

  /** True while this node counts its limits alone. */
  get alone(): boolean {
    return this.#alone;
  }

  async #either<T>(shared: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (this.#shared.available) {
      try {
        const answer = await shared(this.#shared);
        if (this.#alone) {
          this.#alone = false;
          this.#events.onResume?.();
        }
        return answer;
      } catch (error) {
        // Only a lost connection falls back; any other failure is a bug and is thrown.
        if (this.#shared.available) throw error;
        this.#fallBack(error);
      }
    } else {
      this.#fallBack(new Error("Redis is not connected"));
    }
    return shared(this.#local);
  }

  #fallBack(error: unknown): void {
    if (this.#alone) return;
    this.#alone = true;
    this.#events.onFallback?.(error);
  }

  consume(key: string, rule: LimitRule, cost?: number): Promise<Decision> {
    return this.#either((store) => store.consume(key, rule, cost));
  }

  release(key: string, rule: LimitRule, cost: number, window: number): Promise<void> {
    return this.#either((store) => store.release(key, rule, cost, window));
  }

  peek(key: string, rule: LimitRule): Promise<Decision> {
    return this.#either((store) => store.peek(key, rule));
  }

  reset(key: string, rule: LimitRule): Promise<void> {
    return this.#either((store) => store.reset(key, rule));
  }

  acquireSlot(key: string, holder: string, max: number, leaseSeconds: number): Promise<boolean> {
    return this.#either((store) => store.acquireSlot(key, holder, max, leaseSeconds));
  }

  renewSlots(key: string, holders: string[], leaseSeconds: number): Promise<void> {
    return this.#either((store) => store.renewSlots(key, holders, leaseSeconds));
  }

  releaseSlot(key: string, holder: string): Promise<void> {
    return this.#either((store) => store.releaseSlot(key, holder));
  }

  /** Whether the shared store answers (GET /readyz); this node works on either way. */
  reachable(timeoutMs?: number): Promise<boolean> {
    return this.#shared.reachable(timeoutMs);
  }

  async close(): Promise<void> {
    await Promise.all([this.#shared.close(), this.#local.close()]);
  }
}
