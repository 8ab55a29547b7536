/**
 * Sign-in throttling per address and per account (ASVS 5: at most 100 failed attempts an hour for
 * one account; we allow far fewer). Counts failures in a sliding window kept in memory; several
 * nodes each keep their own window, which only makes the limit per node (a shared Redis window
 * comes with the cluster wiring).
 */

export interface ThrottleRule {
  max: number;
  windowSeconds: number;
}

export const SIGN_IN_RULES = {
  perAddress: { max: 30, windowSeconds: 15 * 60 },
  perAccount: { max: 10, windowSeconds: 15 * 60 },
} as const;

export class SignInThrottle {
  readonly #failures = new Map<string, number[]>();
  readonly #rules: typeof SIGN_IN_RULES;

  constructor(rules: typeof SIGN_IN_RULES = SIGN_IN_RULES) {
    this.#rules = rules;
  }

  #recent(key: string, windowSeconds: number, now: number): number[] {
    const since = now - windowSeconds * 1000;
    const kept = (this.#failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.#failures.set(key, kept);
    else this.#failures.delete(key);
    return kept;
  }

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  retryAfter(address: string, account: string, now = Date.now()): number {
    let wait = 0;
    for (const [key, rule] of [
      [`ip:${address}`, this.#rules.perAddress],
      [`acct:${account}`, this.#rules.perAccount],
    ] as const) {
      const recent = this.#recent(key, rule.windowSeconds, now);
      if (recent.length >= rule.max) {
        const oldest = recent[recent.length - rule.max] ?? now;
        wait = Math.max(wait, Math.ceil((oldest + rule.windowSeconds * 1000 - now) / 1000));
      }
    }
    return wait;
  }

  recordFailure(address: string, account: string, now = Date.now()): void {
    for (const key of [`ip:${address}`, `acct:${account}`]) {
      const list = this.#failures.get(key) ?? [];
      list.push(now);
      this.#failures.set(key, list);
    }
  }

  /** A successful sign-in clears the account's failures (not the address's). */
  recordSuccess(account: string): void {
    this.#failures.delete(`acct:${account}`);
  }
}
