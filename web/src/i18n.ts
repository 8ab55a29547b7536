/**
 * i18next set-up (spec/1-product-frame.md §4): one JSON file per language and namespace, loaded over HTTP with the
 * locales version as cache buster; English is the fallback. The document's lang and dir follow
 * the active language so that Arabic lays out right to left.
 */
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  I18N_NAMESPACES,
  isLanguage,
  LANGUAGES,
  type Language,
  LOCALES_VERSION,
  RTL_LANGUAGES,
  STORAGE_KEYS,
} from "../../common/constants.ts";
import { localeBackend } from "./localeBackend.ts";

export function directionOf(language: string): "rtl" | "ltr" {
  return RTL_LANGUAGES.includes(language as Language) ? "rtl" : "ltr";
}

export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

function readStoredLanguage(key: string): Language | null {
  try {
    const value = localStorage.getItem(key);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** A visitor's language before any session is known: their anonymous choice, else English. */
export function anonymousLanguage(): Language {
  return readStoredLanguage(STORAGE_KEYS.anonymousLanguage) ?? DEFAULT_LANGUAGE;
}

/** A signed-in user's language: this browser's last choice for them, else the server's. */
export function userLanguage(userId: number, serverLanguage: Language): Language {
  return readStoredLanguage(STORAGE_KEYS.language(userId)) ?? serverLanguage;
}

export function storeLanguage(language: Language, userId: number | null): void {
  try {
    localStorage.setItem(userId === null ? STORAGE_KEYS.anonymousLanguage : STORAGE_KEYS.language(userId), language);
  } catch {
    // Private mode or a full quota: the choice still holds for this page's life.
  }
}

const initial = anonymousLanguage();
applyDocumentLanguage(initial);
i18n.on("languageChanged", applyDocumentLanguage);

export const i18nReady = i18n
  .use(localeBackend(LOCALES_VERSION))
  .use(initReactI18next)
  .init({
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // pt-BR must not also pull pt: each of the twelve is a complete language of its own.
    load: "currentOnly",
    ns: [...I18N_NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export default i18n;
