/**
 * Mantine's date pickers in the interface language. dayjs names the months and weekdays; its locale
 * file for a language is loaded only when a picker is shown in that language, so no locale file is
 * part of any first render. Until it arrives the picker reads in English. Arabic keeps Latin
 * digits, as everywhere else (intlLocale.ts): dayjs's Arabic locale changes digits only through
 * the preParsePostFormat plugin, which is not loaded.
 */
import { DatesProvider } from "@mantine/dates";
import dayjs from "dayjs";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../common/constants.ts";

type Loader = () => Promise<{ default: ILocale }>;

/** The dayjs locale each interface language uses (dayjs has no plain "zh"). */
const LOADERS: Record<Exclude<Language, "en">, Loader> = {
  de: () => import("dayjs/locale/de"),
  es: () => import("dayjs/locale/es"),
  fr: () => import("dayjs/locale/fr"),
  it: () => import("dayjs/locale/it"),
  pt: () => import("dayjs/locale/pt"),
  "pt-BR": () => import("dayjs/locale/pt-br"),
  ru: () => import("dayjs/locale/ru"),
  tr: () => import("dayjs/locale/tr"),
  ar: () => import("dayjs/locale/ar"),
  ja: () => import("dayjs/locale/ja"),
  zh: () => import("dayjs/locale/zh-cn"),
};

const loaded = new Map<string, Promise<string>>();

/** Registers the language's dayjs locale once and answers its name. */
export function loadDayjsLocale(language: string): Promise<string> {
  const loader = LOADERS[language as keyof typeof LOADERS];
  if (!loader) return Promise.resolve("en");
  let pending = loaded.get(language);
  if (!pending) {
    pending = loader().then(({ default: locale }) => {
      dayjs.locale(locale, undefined, true);
      return locale.name;
    });
    pending.catch(() => loaded.delete(language));
    loaded.set(language, pending);
  }
  return pending;
}

export function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [locale, setLocale] = useState("en");
  useEffect(() => {
    let current = true;
    loadDayjsLocale(language).then(
      (name) => current && setLocale(name),
      () => current && setLocale("en"),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return <DatesProvider settings={{ locale }}>{children}</DatesProvider>;
}
