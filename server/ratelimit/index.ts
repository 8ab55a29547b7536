/** Chooses the rate-limit store: Redis when REDIS_URL is set, else this node's memory. */
import { RedisRateLimitStore } from "./redisStore.ts";
import { MemoryRateLimitStore, type RateLimitStore } from "./store.ts";

export function openRateLimitStore(redisUrl: string | undefined): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
}
