/**
 * The setup pages' writes (spec/3-staff-administration.md §2.4, §5, §7): quick replies, categories, priority levels,
 * servers and fast-action excuses. Bodies arrive form-encoded (numbers as text, repeated fields
 * for lists) or as JSON; both parse here. The web forms use the same field rules, so a form's
 * submit is enabled exactly when the server would accept it.
 */
import { z } from "zod";
import { LANGUAGES, type Language } from "../constants.ts";
import { quickReply } from "./notes.ts";
import { FAST_ACTIONS } from "./staffTickets.ts";

/** Bounds of the setup texts (the spec gives none; docs/decisions/setup-and-content.md). */
export const SETUP_LIMITS = {
  title: 100,
  localeTitle: 100,
  style: 30,
  /** A quick reply goes into a staff message, so it is bounded like one (STAFF_MESSAGE_MAX). */
  quickReplyMessage: 5000,
  /** An excuse is stored on the ticket as the completion reason, bounded like a typed one. */
  excuse: 500,
  /** Sort values: whole numbers, far inside a 32-bit integer. */
  value: 1_000_000,
} as const;

/** The colours a setup entry's badge may take: Mantine's palette, or a #rgb / #rrggbb colour. */
export const SETUP_STYLES = [
  "dark",
  "gray",
  "red",
  "pink",
  "grape",
  "violet",
  "indigo",
  "blue",
  "cyan",
  "teal",
  "green",
  "lime",
  "yellow",
  "orange",
] as const;
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Separates a locale entry's language code from its text: `tr____Ödeme sorunları` (spec/3-staff-administration.md §7). */
export const LOCALE_SEPARATOR = "____";

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** What a form sends for a field left empty: treated as missing, so that "required" is what it says. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

export const titleField = z
  .string({ error: "Title is required." })
  .trim()
  .min(1, "Title is required.")
  .max(SETUP_LIMITS.title, `Title can be at most ${SETUP_LIMITS.title} characters.`);

/** The sort order: required, a whole number (form text is converted). */
export const valueField = z.preprocess(
  (value) => {
    const given = blankToUndefined(value);
    return typeof given === "string" ? Number(given.trim()) : given;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? "Value is required." : "Value must be a number.") })
    .int("Value must be a whole number.")
    .min(-SETUP_LIMITS.value, "Value is out of range.")
    .max(SETUP_LIMITS.value, "Value is out of range."),
);

export const styleField = z
  .string()
  .trim()
  .max(SETUP_LIMITS.style, "Style is not a known colour.")
  .refine(
    (s) => s === "" || (SETUP_STYLES as readonly string[]).includes(s) || HEX_COLOUR.test(s),
    "Style is not a known colour.",
  )
  .optional()
  .default("");

/** true/false as a form sends it, or as JSON; absent = false. */
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off"])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");

/** One field sent once, repeated, or as a JSON array; absent = an empty list. */
function repeated<T extends z.ZodType>(item: T, max: number, tooMany: string) {
  return z
    .union([item, z.array(item)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as z.output<T>[])
    .refine((list) => list.length <= max, tooMany);
}

/** Parses `code____text` into its language and text; undefined when the code is not one of ours. */
export function parseLocaleEntry(entry: string): { code: Language; text: string } | undefined {
  const at = entry.indexOf(LOCALE_SEPARATOR);
  if (at < 0) return undefined;
  const code = entry.slice(0, at);
  if (!(LANGUAGES as readonly string[]).includes(code)) return undefined;
  return { code: code as Language, text: entry.slice(at + LOCALE_SEPARATOR.length).trim() };
}

export function encodeLocaleEntry(code: Language, text: string): string {
  return `${code}${LOCALE_SEPARATOR}${text}`;
}

/**
 * The per-language titles: one `code____text` entry per language (spec/3-staff-administration.md §7). An unknown code, a
 * language named twice or a text over the title bound is refused; empty texts are dropped (the
 * player then reads the category's own title).
 */
const localesField = repeated(
  z
    .string()
    .max(SETUP_LIMITS.localeTitle + 20, `A language title can be at most ${SETUP_LIMITS.localeTitle} characters.`),
  LANGUAGES.length,
  `At most ${LANGUAGES.length} language titles.`,
).transform((entries, ctx) => {
  const locales: Partial<Record<Language, string>> = {};
  const seen = new Set<string>();
  for (const entry of entries) {
    const parsed = parseLocaleEntry(entry);
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: `Unknown language in "${entry.slice(0, 20)}": use code____text.` });
      return z.NEVER;
    }
    if (seen.has(parsed.code)) {
      ctx.addIssue({ code: "custom", message: `The language ${parsed.code} is given twice.` });
      return z.NEVER;
    }
    seen.add(parsed.code);
    if (parsed.text.length > SETUP_LIMITS.localeTitle) {
      ctx.addIssue({
        code: "custom",
        message: `A language title can be at most ${SETUP_LIMITS.localeTitle} characters.`,
      });
      return z.NEVER;
    }
    if (parsed.text) locales[parsed.code] = parsed.text;
  }
  return locales;
});

// ---- categories, priority levels, servers

/** submit-new-server; the fields every setup list shares. */
export const newServerBody = z.object({ title: titleField, value: valueField, style: styleField });
export type NewServerBody = z.infer<typeof newServerBody>;
export const editServerBody = newServerBody.extend({ id });

export const newPriorityBody = newServerBody;
export const editPriorityBody = editServerBody;

export const newCategoryBody = newServerBody.extend({
  /** Whether the player form asks for the violator's character name. */
  has_violaters_form: flag,
  locales: localesField,
});
export type NewCategoryBody = z.infer<typeof newCategoryBody>;
export const editCategoryBody = newCategoryBody.extend({ id });

/** delete-*, enable-category, disable-category, set-default-priority, delete-quick-reply. */
export const setupIdBody = z.object({ id });

// ---- quick replies

/** fetch-quick-replies takes no field (spec/3-staff-administration.md §7: a POST without a body). */
export const fetchQuickRepliesBody = z.object({});

export const quickReplyMessageField = z
  .string({ error: "Message is required." })
  .trim()
  .min(1, "Message is required.")
  .max(SETUP_LIMITS.quickReplyMessage, `Message can be at most ${SETUP_LIMITS.quickReplyMessage} characters.`);

export const newQuickReplyBody = z.object({ title: titleField, message: quickReplyMessageField });
export type NewQuickReplyBody = z.infer<typeof newQuickReplyBody>;
export const editQuickReplyBody = newQuickReplyBody.extend({ id });

/** The reply's categories replace the old ones; none at all makes it a general reply. */
export const quickReplyCategoriesBody = z.object({
  id,
  categories: repeated(id, 500, "Too many categories.").transform((ids) => [...new Set(ids)]),
});

// ---- fast-action excuses

export const excuseField = z
  .string({ error: "Text is required." })
  .trim()
  .min(1, "Text is required.")
  .max(SETUP_LIMITS.excuse, `Text can be at most ${SETUP_LIMITS.excuse} characters.`);
const action = z.enum(FAST_ACTIONS, { error: "Action must be RESOLVED or CLOSED." });

export const newExcuseBody = z.object({ action, excuse: excuseField });
export const editExcuseBody = z.object({
  action,
  /** The excuse as the page showed it: excuses are named by their text (spec/3-staff-administration.md §7). */
  prev_excuse: z.string().max(SETUP_LIMITS.excuse * 2),
  new_excuse: excuseField,
});
export const deleteExcuseBody = z.object({ action, excuse: z.string().max(SETUP_LIMITS.excuse * 2) });

// ---- answers

export const quickRepliesResponse = z.object({ quick_replies: z.array(quickReply) });
export type QuickRepliesResponse = z.infer<typeof quickRepliesResponse>;

/** Tickets per category id, every live category included (0 when none). */
export const categoryTicketNumbersResponse = z.object({ ticket_numbers: z.record(z.string(), z.number().int()) });
export type CategoryTicketNumbersResponse = z.infer<typeof categoryTicketNumbersResponse>;
