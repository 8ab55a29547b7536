/**
 * Every language has every key English has, keeps its {{placeholders}}, and is a translation,
 * not an English copy. Runs in `npm test`, so a string added in English alone fails the build.
 *
 * Plural keys (`key_one`, `key_other`, …) are compared as groups: English decides which keys are
 * plural (it has `key_other`), and each language must hold the forms its own plural rules use
 * (Intl.PluralRules, the same rules i18next follows): six for Arabic, four for Russian, `_other`
 * alone for Japanese and Chinese.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next, { type ResourceKey } from "i18next";
import { describe, expect, it } from "vitest";
import { I18N_NAMESPACES, LANGUAGES, LIMITS } from "../common/constants.ts";
import { ERRORS } from "../common/errors.ts";
import { PERMISSIONS } from "../common/permissions.ts";
import { AREAS, areaLabelKey, permissionLabelKey } from "./src/features/staffUsers/permissionLabels.ts";
import { ERROR_TEXT_VALUES } from "./src/ui/errorTextValues.ts";

const ROOT = path.join(import.meta.dirname, "public", "locales");
const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === "string") out[prefix] = value;
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

function read(language: string, namespace: string): ResourceKey {
  const file = path.join(ROOT, language, `${namespace}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

function load(language: string, namespace: string): Record<string, string> {
  return flatten(read(language, namespace));
}

function placeholders(text: string): string[] {
  return (text.match(/{{\s*[\w.]+\s*}}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort();
}

/** Strings that stay the same in most languages: names, codes, numbers. */
function isLanguageNeutral(text: string): boolean {
  return text.length <= 3 || /^[\d\s.:/()%+-]*$/.test(text) || /^(\{\{\s*[\w.]+\s*}}\s*)+$/.test(text);
}

/** The plural groups of a file, by base key: English has `base_other`. */
function pluralBases(english: Record<string, string>): string[] {
  return Object.keys(english)
    .filter((key) => key.endsWith("_other"))
    .map((key) => key.slice(0, -"_other".length));
}

/** English keys that are not plural forms (`no_one` is a plain key: English has no `no_other`). */
function plainKeys(english: Record<string, string>): string[] {
  const bases = new Set(pluralBases(english));
  return Object.keys(english).filter((key) => !(PLURAL_SUFFIX.test(key) && bases.has(key.replace(PLURAL_SUFFIX, ""))));
}

function pluralCategories(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

function withoutCount(list: string[]): string {
  return list.filter((p) => p !== "{{count}}").join();
}

/** Every form of every plural group, in every language: [language, namespace, key, text]. */
function pluralTexts(): [string, string, string, string][] {
  const out: [string, string, string, string][] = [];
  for (const namespace of I18N_NAMESPACES) {
    const bases = pluralBases(load("en", namespace));
    for (const language of LANGUAGES) {
      const texts = load(language, namespace);
      for (const base of bases) {
        for (const form of PLURAL_FORMS) {
          const key = `${base}_${form}`;
          if (key in texts) out.push([language, namespace, key, texts[key]!]);
        }
      }
    }
  }
  return out;
}

describe("translation files", () => {
  for (const namespace of I18N_NAMESPACES) {
    const english = load("en", namespace);
    const plain = plainKeys(english);
    const bases = pluralBases(english);
    it(`English ${namespace} exists and is not empty`, () => {
      expect(Object.keys(english).length).toBeGreaterThan(0);
    });
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      it(`${language}/${namespace} has every English key, its placeholders, and real translations`, () => {
        const translated = load(language, namespace);
        const missing = plain.filter((key) => !(key in translated) || translated[key]!.trim() === "");
        expect(missing, `missing in ${language}/${namespace}.json`).toEqual([]);
        const broken = plain.filter(
          (key) => placeholders(english[key]!).join() !== placeholders(translated[key] ?? "").join(),
        );
        expect(broken, `placeholders changed in ${language}/${namespace}.json`).toEqual([]);
        const candidates = plain.filter((key) => !isLanguageNeutral(english[key]!));
        const copied = candidates.filter((key) => translated[key] === english[key]);
        // A few words (brand names, "OK", "E-mail") may rightly stay; most must not.
        expect(
          copied.length,
          `${language}/${namespace}.json copies English: ${copied.slice(0, 8).join(", ")}`,
        ).toBeLessThanOrEqual(Math.max(2, Math.floor(candidates.length * 0.15)));
      });
    }
    if (bases.length === 0) continue;
    for (const language of LANGUAGES) {
      it(`${language}/${namespace} has the plural forms its language uses, with English's placeholders`, () => {
        const translated = load(language, namespace);
        const needed = pluralCategories(language);
        const missing = bases.flatMap((base) =>
          needed.map((form) => `${base}_${form}`).filter((key) => !translated[key]?.trim()),
        );
        expect(missing, `plural forms missing in ${language}/${namespace}.json`).toEqual([]);
        // The figure may be spelled out (Arabic's dual), every other placeholder must stay.
        const broken = bases.flatMap((base) =>
          needed
            .map((form) => `${base}_${form}`)
            .filter(
              (key) =>
                withoutCount(placeholders(translated[key] ?? "")) !==
                withoutCount(placeholders(english[`${base}_other`]!)),
            ),
        );
        expect(broken, `placeholders changed in ${language}/${namespace}.json`).toEqual([]);
      });
    }
  }
});

describe("counts in texts", () => {
  it("texts that take a count write no figure of their own", () => {
    const withDigits = pluralTexts()
      .filter(([, , , text]) => /[0-9٠-٩]/.test(text.replace(/{{\s*[\w.]+\s*}}/g, "")))
      .map(([language, namespace, key, text]) => `${language}/${namespace}:${key} = ${text}`);
    expect(withDigits).toEqual([]);
  });

  it("the texts that show a limit are plural groups, and the client passes their count", () => {
    const groups = new Map(I18N_NAMESPACES.map((ns) => [ns, new Set(pluralBases(load("en", ns)))]));
    for (const [namespace, base] of [
      ["common", "password.rules.length"],
      ["errors", "too_many_files"],
      ["dashboard", "charts.tickets_tooltip"],
      ["edit", "history.total"],
    ] as const) {
      expect(groups.get(namespace)?.has(base), `${namespace}:${base} is a plural group`).toBe(true);
    }
    // An error text with a plural group is shown by useErrorText and the attachment picker
    // with these values: without a count, i18next would find no text at all.
    // (The attachment picker's own file_refused_count passes its count itself, with the file's name.)
    const codeGroups = [...groups.get("errors")!].filter((key) => key in ERRORS);
    expect(Object.keys(ERROR_TEXT_VALUES).sort()).toEqual(codeGroups.sort());
    expect(ERROR_TEXT_VALUES.too_many_files?.count).toBe(LIMITS.attachments);
  });

  it("an English {{count}} outside a plural group follows a colon (Total: 12), where no noun agrees with it", () => {
    const loose: string[] = [];
    for (const namespace of I18N_NAMESPACES) {
      const english = load("en", namespace);
      for (const key of plainKeys(english)) {
        const text = english[key]!;
        // The attachment hint's noun agrees with the fixed maximum, not with {{count}}.
        if (`${namespace}:${key}` === "edit:create_ticket.attach_hint") continue;
        if (/{{count}}/.test(text) && !/:\s*{{count}}/.test(text)) loose.push(`${namespace}:${key} = ${text}`);
      }
    }
    expect(loose).toEqual([]);
  });

  it("i18next picks a real text in every language for the counts people meet", async () => {
    const resources = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        Object.fromEntries(I18N_NAMESPACES.map((namespace) => [namespace, read(language, namespace)])),
      ]),
    );
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: "en", fallbackLng: false, ns: [...I18N_NAMESPACES], returnNull: false });
    const cases = [
      ["common", "password.rules.length", LIMITS.passwordMin],
      ["errors", "too_many_files", LIMITS.attachments],
    ] as const;
    const wrong: string[] = [];
    for (const language of LANGUAGES) {
      for (const [namespace, key, figure] of cases) {
        for (const count of [0, 1, 2, 3, figure, 11, 21, 100, 1_000_000]) {
          const text = i18n.t(`${namespace}:${key}`, { lng: language, count });
          // A missing form comes back as the key itself; the figure is in the text unless the
          // language spells it out (Arabic's dual: حرفان).
          if (text === key || text.includes("{{")) wrong.push(`${language} ${key} ${count}: ${text}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(i18n.t("errors:too_many_files", { lng: "en", count: 5 })).toBe("At most 5 files can be attached.");
    expect(i18n.t("common:password.rules.length", { lng: "ru", count: 8 })).toBe("Не менее 8 символов");
    expect(i18n.t("common:password.rules.length", { lng: "ar", count: 2 })).toBe("حرفان على الأقل");
    expect(i18n.t("errors:too_many_files", { lng: "ja", count: 5 })).toBe("添付できるファイルは最大 5 個です。");
  });
});

/** Player-facing keys by namespace: the whole player namespace, and what players meet elsewhere. */
const PLAYER_FACING: Record<string, (key: string) => boolean> = {
  edit: (key) => key !== "temporary.staff_notice",
  // common.ticket_status names the staff's exact statuses (players see ACTIVE, RESOLVED, CLOSED).
  common: (key) => !key.startsWith("ticket_status."),
  errors: (key) =>
    [
      "csrf_failed",
      "token_invalid",
      "rate_limit_ticket_submit",
      "too_many_active_tickets",
      "user_banned",
      "ticket_ended",
      "ticket_not_answered",
      "ticket_already_ended",
    ].includes(key),
};

function playerTexts(language: string): [string, string][] {
  return Object.entries(PLAYER_FACING).flatMap(([namespace, keep]) =>
    Object.entries(load(language, namespace))
      .filter(([key]) => keep(key))
      .map(([key, text]): [string, string] => [`${namespace}:${key}`, text]),
  );
}

describe("player-facing wording", () => {
  it("English shows players no 'token' and no 'has been expired'", () => {
    const bad = playerTexts("en").filter(([, text]) => /\btoken\b|has been expired/i.test(text));
    expect(bad).toEqual([]);
  });

  it("Japanese says お問い合わせ to players (チケット is an item in games) and drops あなたの", () => {
    const bad = playerTexts("ja").filter(([, text]) => /チケット|あなたの/.test(text));
    expect(bad).toEqual([]);
  });

  it("the WAITING DEV status fits its badge in every language (at most 18 characters)", () => {
    const long: string[] = [];
    for (const language of LANGUAGES) {
      const text = load(language, "common")["ticket_status.waiting_dev"] ?? "";
      if ([...text].length > 18) long.push(`${language}: ${text}`);
    }
    expect(long).toEqual([]);
  });
});

describe("one vocabulary", () => {
  it("each status has one name per language, in common's ticket_status, and no namespace keeps a copy", () => {
    const copies: string[] = [];
    for (const language of LANGUAGES) {
      for (const namespace of I18N_NAMESPACES) {
        for (const key of Object.keys(load(language, namespace))) {
          const copy = /(^|\.)status\.(new[ _]ticket|waiting[ _]dev|on[ _]hold|replied|resolved|closed|active)$/i;
          if (copy.test(key) && !(namespace === "common" && key.startsWith("ticket_status."))) {
            copies.push(`${language}/${namespace}:${key}`);
          }
        }
      }
    }
    expect(copies).toEqual([]);
  });
});

/** Every text of a language, as [namespace:key, text]. */
function allTexts(language: string): [string, string][] {
  return I18N_NAMESPACES.flatMap((namespace) =>
    Object.entries(load(language, namespace)).map(([key, text]): [string, string] => [`${namespace}:${key}`, text]),
  );
}

/**
 * Words that compete with the one each language chose (docs/decisions/languages.md, "One word
 * per concept"): a text with one of them names a ticket, an assignment, a ban, a rank or the
 * admin differently from the rest of the interface.
 */
const COMPETING_WORDS: Record<string, { word: RegExp; unless?: (key: string, english: string) => boolean }[]> = {
  "pt-BR": [{ word: /\bchamados?\b/i }, { word: /\bpatentes?\b/i }],
  // "pedido" stays where English says "request" (an HTTP request is not a ticket).
  pt: [{ word: /\bpedidos?\b/i, unless: (_key, english) => /request/i.test(english) }, { word: /\bpatentes?\b/i }],
  ru: [{ word: /обращени/i }],
  fr: [{ word: /attribu/i }],
  es: [{ word: /\bbane[aoó]\w*/i }, { word: /\bsuspen(d|s)\w*/i }],
  it: [{ word: /\bgrado\b/i }, { word: /\bsblocc\w*/i }],
  ar: [{ word: /إسناد|أسند|المكلَّف|حظره/ }, { word: /(^|\s)(ل|ال|لل)?مسؤول($|[\s.،؟])/ }],
};

function englishOf(namespaceKey: string): string {
  const [namespace, key] = [
    namespaceKey.slice(0, namespaceKey.indexOf(":")),
    namespaceKey.slice(namespaceKey.indexOf(":") + 1),
  ];
  return load("en", namespace)[key] ?? "";
}

describe("one vocabulary per language", () => {
  for (const [language, rules] of Object.entries(COMPETING_WORDS)) {
    it(`${language} uses one word each for ticket, assign, ban, rank and admin`, () => {
      const competing = allTexts(language)
        .filter(([key, text]) => rules.some((rule) => rule.word.test(text) && !rule.unless?.(key, englishOf(key))))
        .map(([key, text]) => `${key} = ${text}`);
      expect(competing).toEqual([]);
    });
  }

  it("German says Sie, Spanish tú and Chinese 您, in every namespace", () => {
    const wrong = [
      ...allTexts("de").filter(([, text]) => /\b(du|dich|dir|dein\w*)\b/i.test(text)),
      ...allTexts("es").filter(([, text]) =>
        /\b(usted|ustedes|inicie|elija|introduzca|compruebe|vuelva|espere|abra|describa|guarde|cuéntenos|necesita|puede usted)\b/i.test(
          text,
        ),
      ),
      ...allTexts("zh").filter(([, text]) => text.includes("你")),
    ].map(([key, text]) => `${key} = ${text}`);
    expect(wrong).toEqual([]);
  });

  it("words that meant something else stay away", () => {
    const de = (namespace: string) => load("de", namespace);
    // Lösen is German for resolving a ticket; Sperren is the ban word, not disabling a user.
    expect(de("chatList").unpin).not.toMatch(/^lösen$/i);
    const disable = Object.entries(de("users")).filter(
      ([key]) => key.startsWith("disable.") || key === "actions.disable" || key === "columns.disabled",
    );
    expect(disable.filter(([, text]) => /sperr/i.test(text))).toEqual([]);
    expect(load("it", "chatList").unpin).not.toMatch(/sblocca/i);
    // The player badge's tier is not the staff member's rank.
    const ja = load("ja", "players");
    const rank = load("ja", "users")["columns.rank"]!;
    expect(ja["profile.tier"]).not.toContain(rank);
  });
});

describe("English labels", () => {
  // Proper names that keep their capital inside a label: page names and the language.
  const PROPER = new Set(["English", "Users", "Players", "FAQ", "Discord", "Facebook", "YouTube", "Monday"]);

  it("are in sentence case ('Hide pinned', not 'Hide Pinned')", () => {
    const titleCase = allTexts("en")
      .filter(([, text]) => !/[.?!:;]\s|[.?!]$/.test(text))
      .filter(([, text]) => {
        const words = text
          .replace(/{{[^}]+}}/g, "")
          .replace(/[()“”"]/g, "")
          .split(/\s+/)
          .filter(Boolean);
        return words.slice(1).some((word) => /^\p{Lu}\p{Ll}/u.test(word) && !PROPER.has(word));
      })
      .map(([key, text]) => `${key} = ${text}`);
    expect(titleCase).toEqual([]);
  });

  it("name a date format the changelog reads (HH:MM DD.MM.YYYY)", () => {
    for (const language of LANGUAGES) {
      const dashboard = load(language, "dashboard");
      for (const key of ["changelog.date_hint", "changelog.date_invalid"]) {
        expect(dashboard[key], `${language}/dashboard:${key}`).not.toMatch(/\.\S\S:\S{4}/);
      }
    }
  });
});

describe("permission names", () => {
  it("every permission and area has a readable English name", () => {
    const users = load("en", "users");
    const missing = [...PERMISSIONS.map(permissionLabelKey), ...AREAS.map(areaLabelKey)].filter((key) => !users[key]);
    expect(missing).toEqual([]);
    expect(users[permissionLabelKey("users:reset_pw")]).toBe("Change passwords");
  });
});
