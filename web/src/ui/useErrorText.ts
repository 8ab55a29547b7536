/**
 * Turns a server message into the text a person reads: by error code when the errors namespace
 * knows it, by the message itself when it is a key (user_banned), else the general sentence in
 * the reader's language (the server's own words only for English readers). See errorMessages.ts.
 */
import { useTranslation } from "react-i18next";
import type { ApiError } from "../api/client.ts";
import i18n from "../i18n.ts";
import { type ErrorContext, translateError } from "./errorMessages.ts";

export function errorText(message: string, code?: string, context?: ErrorContext): string {
  return translateError(
    {
      exists: (key, options) => i18n.exists(key, options),
      t: (key, options) => (options ? i18n.t(key, options) : i18n.t(key)),
      language: i18n.resolvedLanguage ?? i18n.language,
    },
    message,
    code,
    context,
  );
}

/** A failed call as text, with what it carries: a 422's field messages, the wait of a lockout. */
export function apiErrorText(error: ApiError): string {
  return errorText(error.message, error.code, { issues: error.issues, retryAfterSeconds: error.retryAfterSeconds });
}

/** The hook form re-renders when the language changes. */
export function useErrorText(): (message: string, code?: string, context?: ErrorContext) => string {
  useTranslation("errors");
  return errorText;
}
