/**
 * Turns a server message into the text a person reads: by error code when the errors namespace
 * knows it, by the message itself when it is a key (user_banned), else the server's own words.
 */
import { useTranslation } from "react-i18next";
import i18n from "../i18n.ts";
import { ERROR_TEXT_VALUES } from "./errorTextValues.ts";

/** The translated text of one errors-namespace key, or null when the namespace lacks it. */
function errorKeyText(key: string): string | null {
  const values = ERROR_TEXT_VALUES[key] ?? {};
  return i18n.exists(`errors:${key}`, values) ? i18n.t(`errors:${key}`, values) : null;
}

export function errorText(message: string, code?: string): string {
  const byCode = code ? errorKeyText(code) : null;
  if (byCode !== null) return byCode;
  const byMessage = message && /^[a-z0-9_.]+$/.test(message) ? errorKeyText(message) : null;
  if (byMessage !== null) return byMessage;
  return message || i18n.t("errors:unknown");
}

/** The hook form re-renders when the language changes. */
export function useErrorText(): (message: string, code?: string) => string {
  useTranslation("errors");
  return errorText;
}
