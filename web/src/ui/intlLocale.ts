/**
 * The locale Intl formats numbers and dates with, for the interface language. Arabic keeps Latin
 * digits (`ar-u-nu-latn`): ticket numbers, times and counts read the same as in every other
 * language and as players type them (docs/decisions/languages.md).
 */
export function intlLocale(language: string): string {
  return language === "ar" ? "ar-u-nu-latn" : language;
}

/** A whole number in the interface language's grouping, e.g. 12 345 in French, 12.345 in German. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}
