/**
 * The session user out of `id_token` (base64url JSON, see common/schemas/auth.ts), checked field
 * by field without zod: every page waits for this before its first render, and zod would add
 * 23 kB (brotli) to that wait. idToken.test.ts holds it to the shared
 * `sessionUser` schema, so the two cannot drift apart.
 */
import { isLanguage } from "../../../common/constants.ts";
import { STAFF_RANKS, USER_CLASSES, USER_TYPES } from "../../../common/permissions.ts";
import type { SessionUser } from "../../../common/schemas/auth.ts";

const oneOf = (values: readonly string[], value: unknown): boolean =>
  typeof value === "string" && values.includes(value);

const isInt = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

export function readIdToken(token: string): SessionUser | null {
  let value: unknown;
  try {
    const binary = atob(token.replace(/-/g, "+").replace(/_/g, "/"));
    value = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const valid =
    isInt(v.id) &&
    typeof v.name === "string" &&
    typeof v.email === "string" &&
    oneOf(USER_CLASSES, v.class) &&
    oneOf(USER_TYPES, v.type) &&
    oneOf([...STAFF_RANKS, "user"], v.rank) &&
    isLanguage(v.language) &&
    typeof v.avatar === "string" &&
    (v.ticket_id === undefined || isInt(v.ticket_id)) &&
    (v.password_generated === undefined || typeof v.password_generated === "boolean");
  if (!valid) return null;
  // As zod's object(): only the schema's keys come through.
  const user: SessionUser = {
    id: v.id as number,
    name: v.name as string,
    email: v.email as string,
    class: v.class as SessionUser["class"],
    type: v.type as SessionUser["type"],
    rank: v.rank as SessionUser["rank"],
    language: v.language as SessionUser["language"],
    avatar: v.avatar as string,
  };
  if (v.ticket_id !== undefined) user.ticket_id = v.ticket_id as number;
  if (v.password_generated !== undefined) user.password_generated = v.password_generated as boolean;
  return user;
}
