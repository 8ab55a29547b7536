/**
 * The upload budget (UPLOAD_BUDGET_BYTES per 10 minutes), per account and per address, kept in
 * the shared rate-limit store so that it holds under concurrency and across nodes. Bytes are
 * reserved before they are written; what was reserved and never written is given back. Bytes that
 * were written count even when the request is refused later: they cost the disk all the same.
 */
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { addressKey } from "../ratelimit/address.ts";
import { UPLOAD_BUDGET_WINDOW_SECONDS } from "../ratelimit/rules.ts";
import type { LimitRule } from "../ratelimit/store.ts";

/** Without a Content-Length, bytes are reserved in steps of this size as they stream. */
const STEP_BYTES = 1024 * 1024;

export function uploadBudgetKeys(request: Pick<FastifyRequest, "ip" | "user">): string[] {
  const keys = [`upload:ip:${addressKey(request.ip)}`];
  if (request.user) keys.push(`upload:user:${request.user.id}`);
  return keys;
}

export class UploadBudget {
  readonly #ctx: AppContext;
  readonly #keys: string[];
  readonly #rule: LimitRule;
  #reserved = 0;
  #written = 0;
  /** Bytes reserved per window: only the current window's can be given back. */
  readonly #reservedIn = new Map<number, number>();

  constructor(ctx: AppContext, request: Pick<FastifyRequest, "ip" | "user">) {
    this.#ctx = ctx;
    this.#keys = uploadBudgetKeys(request);
    this.#rule = { max: ctx.config.uploadBudgetBytes, windowSeconds: UPLOAD_BUDGET_WINDOW_SECONDS };
  }

  /** Reserves `bytes` on every key, or none of them: 429 upload_budget_exceeded. */
  async reserve(bytes: number): Promise<void> {
    const taken: [string, number][] = [];
    for (const key of this.#keys) {
      const decision = await this.#ctx.limits.consume(key, this.#rule, bytes);
      if (!decision.allowed) {
        for (const [done, window] of taken) await this.#ctx.limits.release(done, this.#rule, bytes, window);
        throw new AppError("upload_budget_exceeded", undefined, { "retry-after": String(decision.retryAfterSeconds) });
      }
      taken.push([key, decision.window]);
    }
    // The keys share one rule, so one window: the first key's. Should the window turn between two
    // keys, the later key keeps its count for good (its release names the other window): a budget
    // may count a little more than was written, never less.
    const window = taken[0]![1];
    this.#reservedIn.set(window, (this.#reservedIn.get(window) ?? 0) + bytes);
    this.#reserved += bytes;
  }

  /** Called before each chunk of a file is written. */
  take = async (bytes: number): Promise<void> => {
    const missing = this.#written + bytes - this.#reserved;
    if (missing > 0) {
      try {
        await this.reserve(Math.max(missing, STEP_BYTES));
      } catch (error) {
        if (missing >= STEP_BYTES) throw error;
        await this.reserve(missing);
      }
    }
    this.#written += bytes;
  };

  /**
   * Gives back what was reserved and not written, from the newest window's reservations (a
   * window that has ended keeps its count: giving it back would free a later window instead).
   */
  async settle(): Promise<void> {
    let unused = this.#reserved - this.#written;
    this.#reserved = this.#written;
    for (const [window, bytes] of [...this.#reservedIn].sort(([a], [b]) => b - a)) {
      if (unused <= 0) break;
      const back = Math.min(unused, bytes);
      unused -= back;
      for (const key of this.#keys) await this.#ctx.limits.release(key, this.#rule, back, window);
    }
    this.#reservedIn.clear();
  }
}
