/**
 * Every refusal a player or visitor can meet reaches the screen through its code,
 * translated, in all twelve languages; the server's English detail is never shown in another
 * language. Runs the real translation files through a real i18next instance.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInstance, type i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../common/constants.ts";
import { ERRORS } from "../../../common/errors.ts";
import { CLIENT_ERROR_KEYS, PLAYER_FACING_ERROR_CODES, type Translator, translateError } from "./errorMessages.ts";
import { ERROR_TEXT_VALUES } from "./errorTextValues.ts";

const LOCALES = path.join(import.meta.dirname, "..", "..", "public", "locales");
const load = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8")) as Record<string, unknown>;

async function instance(language: string): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: "en",
    ns: ["errors", "edit"],
    defaultNS: "errors",
    resources: Object.fromEntries(
      [language, "en"].map((l) => [l, { errors: load(l, "errors"), edit: load(l, "edit") }]),
    ),
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/** The instance as errorText hands it to translateError. */
function translator(i18n: I18n): Translator {
  return {
    exists: (key, options) => i18n.exists(key, options),
    t: (key, options) => (options ? i18n.t(key, options) : i18n.t(key)),
    language: i18n.language,
  };
}

const english = load("en", "errors") as Record<string, string>;

describe.each(LANGUAGES)("server refusals in %s", (language) => {
  let i18n: I18n;
  let own: Record<string, unknown>;
  beforeAll(async () => {
    i18n = await instance(language);
    own = load(language, "errors");
  });

  it("has its own text for every player-facing code, chosen by the code", () => {
    for (const code of PLAYER_FACING_ERROR_CODES) {
      // A text that shows a figure is a plural group, read with its count (errorTextValues.ts).
      const values = ERROR_TEXT_VALUES[code];
      const expected = values ? i18n.t(code, values) : own[code];
      if (values) expect(own[`${code}_other`], `${language}: errors.${code}_other`).toEqual(expect.any(String));
      expect(expected, `${language}: errors.${code}`).toEqual(expect.any(String));
      // The server sends English detail; the code wins over it.
      const shown = translateError(translator(i18n), ERRORS[code].message, code);
      expect(shown).toBe(expected);
      const englishText = values ? english[`${code}_other`] : english[code];
      if (language !== "en") expect(shown, `${language}: ${code} is English`).not.toBe(englishText);
    }
    for (const key of CLIENT_ERROR_KEYS) expect(own[key], `${language}: errors.${key}`).toEqual(expect.any(String));
  });

  it("never shows an English sentence without a code to a reader of another language", () => {
    const shown = translateError(translator(i18n), "Something only the server says.", undefined);
    if (language === "en") expect(shown).toBe("Something only the server says.");
    else expect(shown).toBe(own.unknown);
  });

  it("translates the ban's message key and names refused files with their reason", () => {
    expect(translateError(translator(i18n), "user_banned")).toBe(own.user_banned);
    const name = "\u2068clip.mov\u2069";
    const size = "\u206850 MB\u2069";
    const type = i18n.t("file_refused_type", { name });
    const large = i18n.t("file_refused_size", { name, size });
    const many = i18n.t("file_refused_count", { name, count: 5 });
    for (const text of [type, large, many]) {
      expect(text).toContain(name);
      expect(text).not.toMatch(/file_refused/);
    }
    expect(large).toContain(size);
    if (language !== "en") {
      expect(type).not.toBe(i18n.getFixedT("en")("file_refused_type", { name }));
    }
  });

  it("gives the lockout the minutes to wait from Retry-After, rounded up, in the language's plural form", () => {
    const locked = ERRORS.ticket_lookup_locked.message;
    const general = translateError(translator(i18n), locked, "ticket_lookup_locked");
    for (const [seconds, minutes] of [
      [900, 15],
      [61, 2],
      [60, 1],
      [5, 1],
    ] as const) {
      const shown = translateError(translator(i18n), locked, "ticket_lookup_locked", { retryAfterSeconds: seconds });
      expect(shown, `${language} ${seconds}s`).toBe(i18n.t("ticket_lookup_locked_minutes", { count: minutes }));
      expect(shown).not.toBe(general);
      expect(shown).not.toMatch(/ticket_lookup_locked|{{/);
      // Arabic spells out one and two minutes (دقيقة واحدة, دقيقتين); every other form shows the figure.
      if (!(language === "ar" && minutes <= 2)) expect(shown, `${language} ${seconds}s`).toContain(String(minutes));
      if (language !== "en") {
        expect(shown).not.toBe(i18n.getFixedT("en")("ticket_lookup_locked_minutes", { count: minutes }));
      }
    }
    // No Retry-After: the sentence without a figure.
    expect(translateError(translator(i18n), locked, "ticket_lookup_locked", {})).toBe(general);
  });

  it("shows a 422's own field messages instead of the general sentence", () => {
    const validation = ERRORS.validation.message;
    const general = translateError(translator(i18n), validation, "validation");
    const tooLong = [{ loc: ["body", "message"], msg: "Input is too long.", type: "too_long" }];
    // A problem the errors namespace knows by its type reads in every language.
    expect(translateError(translator(i18n), "Input is too long.", "validation", { issues: tooLong })).toBe(
      own.input_too_long,
    );
    const two = [
      { loc: ["body", "subject"], msg: "Subject is required.", type: "too_small" },
      { loc: ["body", "description"], msg: "Description is too short.", type: "too_small" },
    ];
    const shown = translateError(translator(i18n), "Subject is required.", "validation", { issues: two });
    if (language === "en") {
      expect(shown).toBe("Subject is required. Description is too short.");
      expect(shown).not.toBe(general);
    } else {
      // The server's English is never shown in another language: the general sentence, translated.
      expect(shown).toBe(general);
    }
    // The same message twice is said once.
    const twice = [...tooLong, { ...tooLong[0]!, loc: ["body", "other"] }];
    expect(translateError(translator(i18n), "", "validation", { issues: twice })).toBe(own.input_too_long);
  });

  it("says resolved, not closed, for a resolved ticket's refusal", () => {
    const resolved = translateError(translator(i18n), ERRORS.ticket_resolved.message, "ticket_resolved");
    const ended = translateError(translator(i18n), ERRORS.ticket_ended.message, "ticket_ended");
    expect(resolved).toBe(own.ticket_resolved);
    expect(resolved).not.toBe(ended);
  });

  it("says the cap with its counts and the ban's end on the create page", () => {
    const t = i18n.getFixedT(language, "edit");
    const cap = t("create_ticket.cap_reached", { count: 3, cap: 3 });
    expect(cap).not.toMatch(/create_ticket/);
    expect(cap).toContain("3");
    const until = t("create_ticket.banned_until", { date: "\u206812:00 01.02.2030\u2069" });
    expect(until).toContain("\u206812:00 01.02.2030\u2069");
    // The cap message must be true: answered tickets stay ACTIVE, so "wait for an answer" is wrong.
    expect(t("create_ticket.cap_how")).not.toBe("");
  });
});

describe("Arabic punctuation", () => {
  const arabic = (namespace: string, keys: string[]) => {
    const file = load("ar", namespace);
    return keys.map((key) =>
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], file),
    );
  };

  it("uses the Arabic comma and question mark in the player-facing refusals and notices", () => {
    const errorKeys = Object.keys(load("ar", "errors")).filter(
      (key) =>
        (PLAYER_FACING_ERROR_CODES as readonly string[]).includes(key) ||
        (CLIENT_ERROR_KEYS as readonly string[]).includes(key) ||
        key.startsWith("file_refused_") ||
        key.startsWith("ticket_lookup_locked_minutes_"),
    );
    const editKeys = Object.keys(load("ar", "edit").create_ticket as object).map((k) => `create_ticket.${k}`);
    const texts = [...arabic("errors", errorKeys), ...arabic("edit", editKeys)].filter(
      (text): text is string => typeof text === "string",
    );
    expect(texts.length).toBeGreaterThan(30);
    for (const text of texts) expect(text, text).not.toMatch(/[,?;]/);
  });

  it("isolates a Latin value so the sentence's full stop stays at its logical end", async () => {
    const i18n = await instance("ar");
    const text = i18n.t("edit:create_ticket.banned_until", { date: "\u206812:00 01.02.2030\u2069" });
    expect(text.endsWith("\u2069.")).toBe(true);
  });
});
