/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser in
 * which an account signed in successfully gets a signed cookie naming that account. Its later
 * sign-ins to that account count against the device's own window, not the account-wide ceiling
 * and the address windows, so an attacker spending the account's guesses from elsewhere cannot
 * lock the owner out of a browser they used before. The cookie is `account.nonce.hmac`; a cookie
 * for another account, or one with a wrong signature, is no cookie at all.
 */
import { hmac, randomToken, safeEqual } from "./tokens.ts";

/** How long a browser stays known: a year, renewed at each sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function encodeAccount(account: string): string {
  return Buffer.from(account).toString("base64url");
}

export function makeDeviceToken(secret: string, account: string): string {
  const body = `${encodeAccount(account)}.${randomToken(16)}`;
  return `${body}.${hmac(secret, `device.${body}`)}`;
}

/** The device's nonce when `token` is a valid device cookie for `account`, else null. */
export function deviceNonce(secret: string, token: string | undefined, account: string): string | null {
  if (!token || token.length > 600) return null;
  const [who, nonce, signature, ...rest] = token.split(".");
  if (!who || !nonce || !signature || rest.length) return null;
  if (!safeEqual(signature, hmac(secret, `device.${who}.${nonce}`))) return null;
  return who === encodeAccount(account) ? nonce : null;
}
