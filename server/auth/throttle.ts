/**
 * Sign-in throttling in the shared rate-limit store (`ctx.limits`), so that it holds at any
 * concurrency and across nodes. An attempt is reserved before argon2 runs: no more than a window's
 * `max` passwords are ever checked, however many requests arrive at once.
 *
 * Three windows (ASVS 5 allows at most 100 failed attempts an hour for one account):
 * - account + address (soft): 10 per 15 minutes. Someone guessing from one address stops there,
 *   while the owner signing in from elsewhere is not touched. A fresh bot-check solution lifts
 *   this lock (the attempt still counts against the two hard windows).
 * - account (hard): 100 per hour across every address, so a botnet cannot guess without end.
 * - address (hard): 30 per 15 minutes across every account, against stuffing from one host.
 * A correct password gives its reservation back and clears the account + address window.
 *
 * A browser the account signed in from before (a valid device cookie, deviceCookie.ts) counts
 * against its own window instead of those three: 10 per 15 minutes. Guesses spent on the account
 * from elsewhere do not lock the owner out of it.
 */
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import type { LimitRule, RateLimitStore } from "../ratelimit/store.ts";

export const SIGN_IN_RULES = {
  perAccountAddress: RATE_LIMITS.signInPerAccountAddress,
  perAccount: RATE_LIMITS.signInPerAccount,
  perAddress: RATE_LIMITS.signInPerAddress,
  perDevice: RATE_LIMITS.signInPerDevice,
} as const satisfies Record<string, LimitRule>;

export interface SignInAttempt {
  account: string;
  address: string;
  /** A bot-check solution that verified for this very attempt (may lift the soft lock). */
  captchaSolved: boolean;
  /** The nonce of a valid device cookie for this account, when the browser sent one. */
  device?: string | null;
}

/** A reserved attempt: give it back when the password was right, keep it when it was wrong. */
export interface SignInReservation {
  succeeded(): Promise<void>;
}

export type ReserveResult = { allowed: true; reservation: SignInReservation } | { allowed: false; retryAfter: number };

function keys(attempt: SignInAttempt) {
  return {
    perAddress: `signin:ip:${attempt.address}`,
    perAccount: `signin:acct:${attempt.account}`,
    perAccountAddress: `signin:acct-ip:${attempt.account}|${attempt.address}`,
    perDevice: `signin:device:${attempt.device ?? ""}`,
  };
}

/** Reserves one password check for this account and address, or says how long to wait. */
export async function reserveSignIn(limits: RateLimitStore, attempt: SignInAttempt): Promise<ReserveResult> {
  const key = keys(attempt);
  const taken: [string, LimitRule, number][] = [];
  const giveBack = () => Promise.all(taken.map(([k, rule, window]) => limits.release(k, rule, 1, window)));
  if (attempt.device) {
    const decision = await limits.consume(key.perDevice, SIGN_IN_RULES.perDevice);
    if (!decision.allowed) return { allowed: false, retryAfter: decision.retryAfterSeconds };
    taken.push([key.perDevice, SIGN_IN_RULES.perDevice, decision.window]);
    return { allowed: true, reservation: { succeeded: async () => void (await giveBack()) } };
  }
  // Hard windows first: a refusal there is final, whatever the bot check says.
  for (const name of ["perAddress", "perAccount"] as const) {
    const decision = await limits.consume(key[name], SIGN_IN_RULES[name]);
    if (!decision.allowed) {
      await giveBack();
      return { allowed: false, retryAfter: decision.retryAfterSeconds };
    }
    taken.push([key[name], SIGN_IN_RULES[name], decision.window]);
  }
  const soft = await limits.consume(key.perAccountAddress, SIGN_IN_RULES.perAccountAddress);
  if (soft.allowed) taken.push([key.perAccountAddress, SIGN_IN_RULES.perAccountAddress, soft.window]);
  else if (!attempt.captchaSolved) {
    await giveBack();
    return { allowed: false, retryAfter: soft.retryAfterSeconds };
  }
  return {
    allowed: true,
    reservation: {
      async succeeded() {
        await giveBack();
        await limits.reset(key.perAccountAddress, SIGN_IN_RULES.perAccountAddress);
      },
    },
  };
}
