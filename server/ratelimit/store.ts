/**
 * The one store behind every limit of the help desk: sign-in attempts, temporary look-ups and
 * filings, upload budgets, socket events and sockets per user. In memory on a single node; in
 * Redis when REDIS_URL is set, so that every limit holds across nodes.
 *
 * Two kinds of limit:
 * - counters in fixed windows (`consume`): a reservation is made before the slow work (argon2,
 *   disk), atomically, so that no more than `max` units are ever let through in a window at any
 *   concurrency. A refused reservation is not kept.
 * - slots (`acquireSlot`): how many things one key holds at once (sockets of a user). A slot has a
 *   lease that its holder renews, so a node that dies does not leave slots taken for ever.
 */

export interface LimitRule {
  /** Units allowed in one window (attempts, bytes, events). */
  max: number;
  windowSeconds: number;
}

export interface Decision {
  allowed: boolean;
  /** Units counted in the window after this call (a refused call is not counted). */
  count: number;
  /** Seconds until the window ends: when a refused caller may try again. */
  retryAfterSeconds: number;
  /** The window the call counted in; a release names it, so that it never frees a later window. */
  window: number;
}

export interface RateLimitStore {
  /** Reserves `cost` units of `key` in the current window, or refuses without counting them. */
  consume(key: string, rule: LimitRule, cost?: number): Promise<Decision>;
  /**
   * Gives back units reserved in `window` (work that turned out not to count). Once that window
   * has ended there is nothing to give back: units are never taken from a later window.
   */
  release(key: string, rule: LimitRule, cost: number, window: number): Promise<void>;
  /** The window's count, unchanged. */
  peek(key: string, rule: LimitRule): Promise<Decision>;
  /** Forgets every window of `key`. */
  reset(key: string, rule: LimitRule): Promise<void>;
  /** Takes one of at most `max` slots of `key` for `holder`, leased for `leaseSeconds`. */
  acquireSlot(key: string, holder: string, max: number, leaseSeconds: number): Promise<boolean>;
  /** Renews the leases of holders that are still alive. */
  renewSlots(key: string, holders: string[], leaseSeconds: number): Promise<void>;
  releaseSlot(key: string, holder: string): Promise<void>;
  /**
   * Whether the shared store behind the limits answers, for GET /readyz. Absent on a store that is
   * this node's own memory: there is nothing to reach.
   */
  reachable?(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The window a moment falls in, and the seconds left of it. */
export function windowOf(rule: LimitRule, nowMs: number): { index: number; secondsLeft: number } {
  const windowMs = rule.windowSeconds * 1000;
  const index = Math.floor(nowMs / windowMs);
  return { index, secondsLeft: Math.max(1, Math.ceil(((index + 1) * windowMs - nowMs) / 1000)) };
}

interface Counter {
  count: number;
  expiresAt: number;
}

/** One node's limits, in this process. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #counters = new Map<string, Counter>();
  readonly #slots = new Map<string, Map<string, number>>();
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.#sweeper = setInterval(() => this.#sweep(), 60_000);
    this.#sweeper.unref();
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, counter] of this.#counters) if (counter.expiresAt <= now) this.#counters.delete(key);
    for (const [key, holders] of this.#slots) {
      for (const [holder, until] of holders) if (until <= now) holders.delete(holder);
      if (!holders.size) this.#slots.delete(key);
    }
  }

  #counter(
    key: string,
    rule: LimitRule,
  ): { id: string; counter: Counter | undefined; secondsLeft: number; window: number } {
    const now = this.#now();
    const { index, secondsLeft } = windowOf(rule, now);
    const id = `${key}:${rule.windowSeconds}:${index}`;
    const counter = this.#counters.get(id);
    return { id, counter: counter && counter.expiresAt > now ? counter : undefined, secondsLeft, window: index };
  }

  async consume(key: string, rule: LimitRule, cost = 1): Promise<Decision> {
    const { id, counter, secondsLeft, window } = this.#counter(key, rule);
    const count = (counter?.count ?? 0) + cost;
    if (count > rule.max) return { allowed: false, count: counter?.count ?? 0, retryAfterSeconds: secondsLeft, window };
    this.#counters.set(id, { count, expiresAt: this.#now() + secondsLeft * 1000 });
    return { allowed: true, count, retryAfterSeconds: secondsLeft, window };
  }

  async release(key: string, rule: LimitRule, cost: number, window: number): Promise<void> {
    const current = this.#counter(key, rule);
    if (current.window !== window || !current.counter) return;
    current.counter.count = Math.max(0, current.counter.count - cost);
  }

  async peek(key: string, rule: LimitRule): Promise<Decision> {
    const { counter, secondsLeft, window } = this.#counter(key, rule);
    const count = counter?.count ?? 0;
    return { allowed: count < rule.max, count, retryAfterSeconds: secondsLeft, window };
  }

  async reset(key: string, rule: LimitRule): Promise<void> {
    this.#counters.delete(this.#counter(key, rule).id);
  }

  async acquireSlot(key: string, holder: string, max: number, leaseSeconds: number): Promise<boolean> {
    const now = this.#now();
    const holders = this.#slots.get(key) ?? new Map<string, number>();
    for (const [h, until] of holders) if (until <= now) holders.delete(h);
    if (!holders.has(holder) && holders.size >= max) return false;
    holders.set(holder, now + leaseSeconds * 1000);
    this.#slots.set(key, holders);
    return true;
  }

  async renewSlots(key: string, holders: string[], leaseSeconds: number): Promise<void> {
    const taken = this.#slots.get(key);
    if (!taken) return;
    const until = this.#now() + leaseSeconds * 1000;
    for (const holder of holders) if (taken.has(holder)) taken.set(holder, until);
  }

  async releaseSlot(key: string, holder: string): Promise<void> {
    const holders = this.#slots.get(key);
    holders?.delete(holder);
    if (holders && !holders.size) this.#slots.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
  }
}
