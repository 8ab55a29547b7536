import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../common/constants.ts";
import { loadDayjsLocale } from "./LocalizedDates.tsx";

describe("the date pickers' language", () => {
  it("loads a dayjs locale for every interface language", async () => {
    const names = await Promise.all(LANGUAGES.map((language) => loadDayjsLocale(language)));
    expect(Object.fromEntries(LANGUAGES.map((language, i) => [language, names[i]]))).toEqual({
      en: "en",
      tr: "tr",
      de: "de",
      es: "es",
      fr: "fr",
      it: "it",
      "pt-BR": "pt-br",
      pt: "pt",
      ru: "ru",
      ar: "ar",
      zh: "zh-cn",
      ja: "ja",
    });
    const march = dayjs("2026-03-05");
    expect(march.locale(await loadDayjsLocale("de")).format("MMMM")).toBe("März");
    expect(march.locale(await loadDayjsLocale("tr")).format("MMMM")).toBe("Mart");
  });

  it("keeps Latin digits in Arabic", async () => {
    const text = dayjs("2026-03-05")
      .locale(await loadDayjsLocale("ar"))
      .format("D MMMM YYYY");
    expect(text).toBe("5 مارس 2026");
  });
});
