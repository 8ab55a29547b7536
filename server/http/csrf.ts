/**
 * Signed double-submit CSRF token (OWASP CSRF cheat sheet): `nonce.hmac(secret, binding.nonce)`.
 * The token sits in a cookie that scripts of our origin can read and must come back in the
 * X-CSRF-Token header. It is bound to the session (or, before sign-in, to a random httpOnly
 * pre-session cookie), so a token planted by a sibling domain or taken from another session fails.
 */
import { hmac, randomToken, safeEqual } from "../auth/tokens.ts";

export function makeCsrfToken(secret: string, binding: string): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmac(secret, `${binding}.${nonce}`)}`;
}

export function isCsrfTokenValid(secret: string, binding: string, token: string | undefined): boolean {
  if (!token || token.length > 200) return false;
  const dot = token.indexOf(".");
  if (dot <= 0) return false;
  const nonce = token.slice(0, dot);
  return safeEqual(token.slice(dot + 1), hmac(secret, `${binding}.${nonce}`));
}
