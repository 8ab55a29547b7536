/**
 * The interface language for Mantine's date pickers: dayjs's locale of the language (month and
 * day names, the first day of the week), loaded when a picker first needs it. Until it has
 * loaded, and for a language dayjs lacks, the picker speaks English.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const LOADERS: Record<string, { name: string; load: () => Promise<unknown> }> = {
  ar: { name: "ar", load: () => import("dayjs/locale/ar.js") },
  de: { name: "de", load: () => import("dayjs/locale/de.js") },
  es: { name: "es", load: () => import("dayjs/locale/es.js") },
  fr: { name: "fr", load: () => import("dayjs/locale/fr.js") },
  it: { name: "it", load: () => import("dayjs/locale/it.js") },
  ja: { name: "ja", load: () => import("dayjs/locale/ja.js") },
  pt: { name: "pt", load: () => import("dayjs/locale/pt.js") },
  "pt-BR": { name: "pt-br", load: () => import("dayjs/locale/pt-br.js") },
  ru: { name: "ru", load: () => import("dayjs/locale/ru.js") },
  tr: { name: "tr", load: () => import("dayjs/locale/tr.js") },
  zh: { name: "zh-cn", load: () => import("dayjs/locale/zh-cn.js") },
};

/** The dayjs locale name for DatesProvider, once loaded ("en" until then). */
export function useDatesLocale(): string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const entry = LOADERS[language];
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!entry) return;
    let live = true;
    void entry.load().then(
      () => live && setLoaded(entry.name),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [entry]);
  return entry && loaded === entry.name ? loaded : "en";
}
