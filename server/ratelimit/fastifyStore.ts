/**
 * Lets @fastify/rate-limit keep its per-route counters in our one rate-limit store, so that the
 * route limits (`config.rateLimit`) hold across nodes with Redis like every other limit. The
 * plugin builds the store with `new Store(options)` and asks `child(routeOptions)` once per route.
 */
import type { RateLimitStore } from "./store.ts";

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The plugin passes the merged route options, with the route under `routeInfo`. */
type RouteInfo = object & { routeInfo?: { method?: string | string[]; url?: string } };

export function fastifyRateLimitStore(limits: RateLimitStore) {
  return class SharedRouteStore {
    readonly #route: string;

    constructor(options: object = {}) {
      const route = (options as RouteInfo).routeInfo;
      const method = [route?.method ?? "*"].flat().join(",");
      this.#route = `route:${method}:${route?.url ?? "*"}`;
    }

    /** The plugin refuses when `current > max`; a refused reservation is not counted. */
    incr(key: string, answer: Answer, timeWindowMs: number, max: number): void {
      const rule = { max, windowSeconds: Math.max(1, Math.ceil(timeWindowMs / 1000)) };
      limits.consume(`${this.#route}:${key}`, rule).then(
        (d) => answer(null, { current: d.allowed ? d.count : max + 1, ttl: d.retryAfterSeconds * 1000 }),
        (error: Error) => answer(error),
      );
    }

    read(key: string, answer: Answer, timeWindowMs: number, max: number): void {
      const rule = { max, windowSeconds: Math.max(1, Math.ceil(timeWindowMs / 1000)) };
      limits.peek(`${this.#route}:${key}`, rule).then(
        (d) => answer(null, { current: d.count, ttl: d.retryAfterSeconds * 1000 }),
        (error: Error) => answer(error),
      );
    }

    child(routeOptions: object): SharedRouteStore {
      return new SharedRouteStore(routeOptions);
    }
  };
}
