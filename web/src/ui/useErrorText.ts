/**
 * Turns a server message into the text a person reads: by error code when the errors namespace
 * knows it, by the message itself when it is a key (user_banned), else the server's own words.
 */
import { useTranslation } from "react-i18next";
import i18n from "../i18n.ts";

export function errorText(message: string, code?: string): string {
  if (code && i18n.exists(`errors:${code}`)) return i18n.t(`errors:${code}`);
  if (message && /^[a-z0-9_.]+$/.test(message) && i18n.exists(`errors:${message}`)) return i18n.t(`errors:${message}`);
  return message || i18n.t("errors:unknown");
}

/** The hook form re-renders when the language changes. */
export function useErrorText(): (message: string, code?: string) => string {
  useTranslation("errors");
  return errorText;
}
