/**
 * The limits in Redis, shared by every node. Each decision is one Lua script, so a check and its
 * reservation are one atomic step however many nodes ask at once.
 */
import { Redis } from "ioredis";
import { type Decision, type LimitRule, type RateLimitStore, windowOf } from "./store.ts";

/** Adds `cost` unless that passes `max`; answers {allowed, count}. The key lives to its window's end. */
const CONSUME = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
if count + cost > tonumber(ARGV[2]) then return {0, count} end
redis.call('SET', KEYS[1], count + cost, 'PX', ARGV[3])
return {1, count + cost}
`;

const RELEASE = `
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local n = math.max(0, tonumber(v) - tonumber(ARGV[1]))
redis.call('SET', KEYS[1], n, 'KEEPTTL')
return n
`;

/** Drops lapsed leases, then takes a slot for ARGV[2] if it holds one or one is free. */
const ACQUIRE_SLOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[2]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0
`;

export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #now: () => number;
  readonly #prefix: string;

  /** `prefix` keeps apart help desks (or test suites) that share one Redis. */
  constructor(url: string, { prefix = "hd:rl:", now = Date.now }: { prefix?: string; now?: () => number } = {}) {
    // Fail a call quickly rather than queue it for ever when Redis is away: a limit that cannot be
    // checked in Redis answers an error, and failover.ts counts it on this node instead.
    this.#redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    // ioredis reconnects by itself; the listener keeps a lost connection from being reported as an
    // unhandled error on every retry.
    this.#redis.on("error", () => {});
    this.#now = now;
    this.#prefix = prefix;
  }

  #key(
    key: string,
    rule: LimitRule,
    index = windowOf(rule, this.#now()).index,
  ): { id: string; secondsLeft: number; window: number } {
    const { secondsLeft } = windowOf(rule, this.#now());
    return { id: `${this.#prefix}${key}:${rule.windowSeconds}:${index}`, secondsLeft, window: index };
  }

  async consume(key: string, rule: LimitRule, cost = 1): Promise<Decision> {
    const { id, secondsLeft, window } = this.#key(key, rule);
    const [allowed, count] = (await this.#redis.eval(CONSUME, 1, id, cost, rule.max, secondsLeft * 1000)) as [
      number,
      number,
    ];
    return { allowed: allowed === 1, count, retryAfterSeconds: secondsLeft, window };
  }

  async release(key: string, rule: LimitRule, cost: number, window: number): Promise<void> {
    // The reservation's own window: once it has ended its key is gone, and RELEASE does nothing.
    await this.#redis.eval(RELEASE, 1, this.#key(key, rule, window).id, cost);
  }

  async peek(key: string, rule: LimitRule): Promise<Decision> {
    const { id, secondsLeft, window } = this.#key(key, rule);
    const count = Number((await this.#redis.get(id)) ?? 0);
    return { allowed: count < rule.max, count, retryAfterSeconds: secondsLeft, window };
  }

  async reset(key: string, rule: LimitRule): Promise<void> {
    await this.#redis.del(this.#key(key, rule).id);
  }

  async acquireSlot(key: string, holder: string, max: number, leaseSeconds: number): Promise<boolean> {
    const now = this.#now();
    const lease = leaseSeconds * 1000;
    const taken = await this.#redis.eval(
      ACQUIRE_SLOT,
      1,
      `${this.#prefix}slots:${key}`,
      now,
      holder,
      max,
      now + lease,
      lease,
    );
    return taken === 1;
  }

  async renewSlots(key: string, holders: string[], leaseSeconds: number): Promise<void> {
    if (!holders.length) return;
    const until = this.#now() + leaseSeconds * 1000;
    const id = `${this.#prefix}slots:${key}`;
    await this.#redis
      .multi()
      .zadd(id, "XX", ...holders.flatMap((h) => [until, h]))
      .pexpire(id, leaseSeconds * 1000)
      .exec();
  }

  async releaseSlot(key: string, holder: string): Promise<void> {
    await this.#redis.zrem(`${this.#prefix}slots:${key}`, holder);
  }

  /** Connected and taking commands; while not, the node counts its limits alone (failover.ts). */
  get available(): boolean {
    return this.#redis.status === "ready";
  }

  /** Answers within `timeoutMs` whether Redis takes commands (GET /readyz). */
  async reachable(timeoutMs = 1_000): Promise<boolean> {
    if (!this.available) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const answer = this.#redis.ping().then(
      (reply) => reply === "PONG",
      () => false,
    );
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
