/**
 * Chooses the rate-limit store: Redis when REDIS_URL is set (counted on this node alone while Redis
 * is away, failover.ts), else this node's memory.
 */
import { FailoverRateLimitStore } from "./failover.ts";
import { RedisRateLimitStore } from "./redisStore.ts";
import { MemoryRateLimitStore, type RateLimitStore } from "./store.ts";

export interface StoreLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export function openRateLimitStore(
  redisUrl: string | undefined,
  { prefix = "hd:", log }: { prefix?: string; log?: StoreLog } = {},
): RateLimitStore {
  if (!redisUrl) return new MemoryRateLimitStore();
  const shared = new RedisRateLimitStore(redisUrl, { prefix: `${prefix}rl:` });
  return new FailoverRateLimitStore(shared, new MemoryRateLimitStore(), {
    onFallback: (err) => log?.warn({ err }, "Redis is away: this node counts its limits alone until it is back"),
    onResume: () => log?.info({}, "Redis is back: limits are shared again"),
  });
}
