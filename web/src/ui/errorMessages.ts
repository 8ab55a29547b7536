/**
 * A server refusal as the text a person reads, by its code (issue 9 point 5): the errors
 * namespace holds a translation of every code a player or visitor can meet, so the server's
 * English `detail` never reaches the screen in another language. No i18n instance is imported
 * here, so the rule can be tested against the real translation files.
 */
import type { ErrorCode } from "../../../common/errors.ts";
import { ERROR_TEXT_VALUES } from "./errorTextValues.ts";

/** Every code the player and public pages can receive, and the client's own refusals. */
export const PLAYER_FACING_ERROR_CODES = [
  "validation",
  "not_authenticated",
  "already_signed_in",
  "invalid_credentials",
  "account_disabled",
  "forbidden",
  "csrf_failed",
  "captcha_failed",
  "captcha_required",
  "too_many_sign_in_attempts",
  "rate_limited",
  "token_invalid",
  "password_invalid",
  "not_found",
  "rate_limit_ticket_submit",
  "too_many_active_tickets",
  "user_banned",
  "file_size_exceeded",
  "unacceptable_file_type",
  "too_many_files",
  "upload_budget_exceeded",
  "malformed_body",
  "bad_url",
  "uri_too_long",
  "body_too_large",
  "unsupported_media_type",
  "ticket_ended",
  "ticket_not_answered",
  "ticket_already_ended",
  "passwords_mismatch",
  "ticket_not_found",
  "ticket_lookup_locked",
  "database_unavailable",
  "internal",
] as const satisfies readonly ErrorCode[];

/** Keys of refusals the web app makes itself (no server code behind them). */
export const CLIENT_ERROR_KEYS = ["unknown", "network_error", "invalid_id_token", "input_too_long"] as const;

/** What errorText needs of i18next: whether a key exists, its text, and the reader's language. */
export interface Translator {
  exists(key: string, options?: { count: number }): boolean;
  t(key: string, options?: { count: number }): string;
  language: string;
}

/** The text of one errors-namespace key with the figures it shows (a plural count), or null. */
function keyText(i18n: Translator, key: string): string | null {
  const values = ERROR_TEXT_VALUES[key];
  const full = `errors:${key}`;
  if (!i18n.exists(full, values)) return null;
  return values ? i18n.t(full, values) : i18n.t(full);
}

const KEY_LIKE = /^[a-z0-9_.]+$/;

export function translateError(i18n: Translator, message: string, code?: string): string {
  const byCode = code ? keyText(i18n, code) : null;
  if (byCode !== null) return byCode;
  const byMessage = message && KEY_LIKE.test(message) ? keyText(i18n, message) : null;
  if (byMessage !== null) return byMessage;
  // A sentence with no known code is the server's English: shown to English readers only, the
  // others read the general sentence in their own language.
  if (message && (i18n.language === "en" || i18n.language.startsWith("en-"))) return message;
  return i18n.t("errors:unknown");
}
