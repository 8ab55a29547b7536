/**
 * Every language has every key English has, keeps its {{placeholders}}, and is a translation,
 * not an English copy. Runs in `npm test`, so a string added in English alone fails the build.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { I18N_NAMESPACES, LANGUAGES } from "../common/constants.ts";

const ROOT = path.join(import.meta.dirname, "public", "locales");

function flatten(value: unknown, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === "string") out[prefix] = value;
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

function load(language: string, namespace: string): Record<string, string> {
  const file = path.join(ROOT, language, `${namespace}.json`);
  if (!existsSync(file)) return {};
  return flatten(JSON.parse(readFileSync(file, "utf8")));
}

function placeholders(text: string): string[] {
  return (text.match(/{{\s*[\w.]+\s*}}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort();
}

/** Strings that stay the same in most languages: names, codes, numbers. */
function isLanguageNeutral(text: string): boolean {
  return text.length <= 3 || /^[\d\s.:/()%+-]*$/.test(text) || /^(\{\{\s*[\w.]+\s*}}\s*)+$/.test(text);
}

describe("translation files", () => {
  for (const namespace of I18N_NAMESPACES) {
    const english = load("en", namespace);
    it(`English ${namespace} exists and is not empty`, () => {
      expect(Object.keys(english).length).toBeGreaterThan(0);
    });
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      it(`${language}/${namespace} has every English key, its placeholders, and real translations`, () => {
        const translated = load(language, namespace);
        const missing = Object.keys(english).filter((key) => !(key in translated) || translated[key]!.trim() === "");
        expect(missing, `missing in ${language}/${namespace}.json`).toEqual([]);
        const broken = Object.keys(english).filter(
          (key) => placeholders(english[key]!).join() !== placeholders(translated[key] ?? "").join(),
        );
        expect(broken, `placeholders changed in ${language}/${namespace}.json`).toEqual([]);
        const candidates = Object.keys(english).filter((key) => !isLanguageNeutral(english[key]!));
        const copied = candidates.filter((key) => translated[key] === english[key]);
        // A few words (brand names, "OK", "E-mail") may rightly stay; most must not.
        expect(
          copied.length,
          `${language}/${namespace}.json copies English: ${copied.slice(0, 8).join(", ")}`,
        ).toBeLessThanOrEqual(Math.max(2, Math.floor(candidates.length * 0.15)));
      });
    }
  }
});
