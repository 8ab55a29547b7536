/** Random tokens and their stored digests: the database keeps only sha256 of what a client holds. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function hmac(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The `Bearer …` value of an Authorization header ("" when there is none). */
export function bearerToken(header: string | undefined): string {
  return header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
}

/**
 * Whether a bearer value is the configured key. Digests have one length, so the comparison takes
 * the same time whatever was sent.
 */
export function bearerMatches(given: string, key: string): boolean {
  return given !== "" && safeEqual(sha256(given), sha256(key));
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
