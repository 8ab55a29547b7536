import { LIMITS } from "./constants.ts";

/** Password rules of spec/1-product-frame.md §5, one entry per line of the checklist that turns green. */
export const PASSWORD_RULES = [
  { key: "length", test: (p: string) => p.length >= LIMITS.passwordMin },
  { key: "lowercase", test: (p: string) => /\p{Ll}/u.test(p) },
  { key: "uppercase", test: (p: string) => /\p{Lu}/u.test(p) },
  { key: "digit", test: (p: string) => /\d/.test(p) },
  { key: "special", test: (p: string) => /[\p{P}\p{S}]/u.test(p) },
] as const;
export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]["key"];

/** Upper bound so that hashing cost stays bounded; far above any real password. */
export const PASSWORD_MAX = 256;

export function isValidPassword(password: string): boolean {
  return password.length <= PASSWORD_MAX && PASSWORD_RULES.every((rule) => rule.test(password));
}
