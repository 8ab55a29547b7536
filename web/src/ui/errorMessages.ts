/**
 * A server refusal as the text a person reads, by its code: the errors
 * namespace holds a translation of every code a player or visitor can meet, so the server's
 * English `detail` never reaches the screen in another language. No i18n instance is imported
 * here, so the rule can be tested against the real translation files.
 */
import type { ErrorCode, ValidationIssue } from "../../../common/errors.ts";
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
  "ticket_resolved",
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

/** What else a refusal carries that its text can use. */
export interface ErrorContext {
  /** A 422's field problems: each field's own message is shown, not the general one. */
  issues?: readonly ValidationIssue[];
  /** The server's Retry-After: a refusal that lifts by itself says how long to wait. */
  retryAfterSeconds?: number;
}

/** Refusals that lift by themselves, and the plural group (a count of minutes) that says when. */
const WAIT_TEXTS: Partial<Record<string, string>> = {
  ticket_lookup_locked: "ticket_lookup_locked_minutes",
};

/** Field problems by their type, where the errors namespace has a text for it in every language. */
const ISSUE_TYPE_KEYS: Partial<Record<string, string>> = {
  too_long: "input_too_long",
  too_big: "input_too_long",
};

const isEnglish = (i18n: Translator) => i18n.language === "en" || i18n.language.startsWith("en-");

/** One field problem as text: its message as a key, its type's text, or (for English) the message. */
function issueText(i18n: Translator, issue: ValidationIssue): string | null {
  if (KEY_LIKE.test(issue.msg)) {
    const byMessage = keyText(i18n, issue.msg);
    if (byMessage !== null) return byMessage;
  }
  const typeKey = ISSUE_TYPE_KEYS[issue.type];
  const byType = typeKey ? keyText(i18n, typeKey) : null;
  if (byType !== null) return byType;
  return issue.msg && isEnglish(i18n) ? issue.msg : null;
}

/** The minutes to wait, rounded up (a wait of 61 s is "2 minutes", never "1"). */
function waitText(i18n: Translator, code: string, seconds: number | undefined): string | null {
  const key = WAIT_TEXTS[code];
  if (!key || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
  const count = Math.max(1, Math.ceil(seconds / 60));
  const full = `errors:${key}`;
  return i18n.exists(full, { count }) ? i18n.t(full, { count }) : null;
}

export function translateError(i18n: Translator, message: string, code?: string, context: ErrorContext = {}): string {
  if (code) {
    const wait = waitText(i18n, code, context.retryAfterSeconds);
    if (wait !== null) return wait;
  }
  if (context.issues && context.issues.length > 0) {
    const texts = context.issues.map((issue) => issueText(i18n, issue));
    // Each field's own message, once each; if one cannot be said in the reader's language, the
    // general sentence says it better than half a list.
    if (texts.every((text) => text !== null)) return [...new Set(texts)].join(" ");
  }
  const byCode = code ? keyText(i18n, code) : null;
  if (byCode !== null) return byCode;
  const byMessage = message && KEY_LIKE.test(message) ? keyText(i18n, message) : null;
  if (byMessage !== null) return byMessage;
  // A sentence with no known code is the server's English: shown to English readers only, the
  // others read the general sentence in their own language.
  if (message && isEnglish(i18n)) return message;
  return i18n.t("errors:unknown");
}
