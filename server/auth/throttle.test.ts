import { afterEach, describe, expect, it } from "vitest";
import type { RateLimitStore } from "../ratelimit/store.ts";
import { createLimitStore, LIMIT_STORES } from "../test/engines.ts";
import { reserveSignIn, SIGN_IN_RULES } from "./throttle.ts";

describe.each(LIMIT_STORES)("sign-in reservations in the %s store", (kind) => {
  let limits: RateLimitStore;
  afterEach(async () => {
    await limits?.close();
  });

  it("lifts the soft account+address lock for a solved bot check, but never the per-account ceiling", async () => {
    limits = createLimitStore(kind);
    const account = "owner@example.test";
    for (let i = 0; i < SIGN_IN_RULES.perAccountAddress.max; i++) {
      expect((await reserveSignIn(limits, { account, address: "10.0.0.1", captchaSolved: false })).allowed).toBe(true);
    }
    expect(await reserveSignIn(limits, { account, address: "10.0.0.1", captchaSolved: false })).toMatchObject({
      allowed: false,
      retryAfter: expect.any(Number),
    });
    expect((await reserveSignIn(limits, { account, address: "10.0.0.1", captchaSolved: true })).allowed).toBe(true);
    // Spread over many addresses, each with a solved bot check: the hour's ceiling still holds.
    let allowed = SIGN_IN_RULES.perAccountAddress.max + 1;
    for (let i = 0; allowed < SIGN_IN_RULES.perAccount.max + 5; i++) {
      const address = `10.0.1.${i}`;
      for (let j = 0; j < 5; j++) {
        const result = await reserveSignIn(limits, { account, address, captchaSolved: true });
        if (result.allowed) allowed++;
        else {
          expect(allowed).toBe(SIGN_IN_RULES.perAccount.max);
          return;
        }
      }
    }
    throw new Error("the per-account ceiling never refused");
  });

  it("gives a right password's reservation back and clears its account+address window", async () => {
    limits = createLimitStore(kind);
    const attempt = { account: "a@example.test", address: "10.0.0.2", captchaSolved: false };
    for (let i = 0; i < SIGN_IN_RULES.perAccountAddress.max - 1; i++) await reserveSignIn(limits, attempt);
    const right = await reserveSignIn(limits, attempt);
    if (!right.allowed) throw new Error("refused too early");
    await right.reservation.succeeded();
    expect((await limits.peek("signin:acct-ip:a@example.test|10.0.0.2", SIGN_IN_RULES.perAccountAddress)).count).toBe(
      0,
    );
    expect((await limits.peek("signin:acct:a@example.test", SIGN_IN_RULES.perAccount)).count).toBe(
      SIGN_IN_RULES.perAccountAddress.max - 1,
    );
  });

  it("keeps nothing of an attempt it refused", async () => {
    limits = createLimitStore(kind);
    const address = "10.0.0.3";
    for (let i = 0; i < SIGN_IN_RULES.perAccountAddress.max; i++) {
      await reserveSignIn(limits, { account: "b@example.test", address, captchaSolved: false });
    }
    await reserveSignIn(limits, { account: "b@example.test", address, captchaSolved: false });
    expect((await limits.peek(`signin:ip:${address}`, SIGN_IN_RULES.perAddress)).count).toBe(
      SIGN_IN_RULES.perAccountAddress.max,
    );
  });
});
