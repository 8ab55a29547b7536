/**
 * Which text of a FAQ or announcement to show (spec/1-product-frame.md §2, §9): Turkish readers get the original
 * (local) text, everyone else the English one; an empty field falls back to the other.
 */
import { useTranslation } from "react-i18next";

export type TextPicker = (local: string, english: string) => string;

export function pickText(language: string | undefined, local: string, english: string): string {
  const preferred = language === "tr" ? local : english;
  const other = language === "tr" ? english : local;
  return preferred.trim() ? preferred : other;
}

/** A picker bound to the active language. */
export function useTextPicker(): TextPicker {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (local, english) => pickText(language, local, english);
}
