/**
 * The configuration a fresh help desk starts with: the spec's categories (spec 1 §3 'Known
 * titles' plus the violaters-form 'Out-of-game trade'), four priorities, a few game servers and
 * fast-action excuses. Staff may change all of it afterwards on the setup pages.
 */
import type { FastAction } from "../db/schema.ts";

export interface BaseCategory {
  title: string;
  /** Turkish title, stored in locales.tr (tr uses native text, spec 1 §9). */
  tr: string;
  style: string;
  violatersForm?: boolean;
}

// Styles are Mantine colour names, which the web app renders as badge colours.
export const BASE_CATEGORIES: readonly BaseCategory[] = [
  { title: "Ban removal request", tr: "Ban kaldırma talebi", style: "red" },
  { title: "Violating the rules of the chat", tr: "Sohbet kurallarının ihlali", style: "orange", violatersForm: true },
  {
    title: "Reporting suspected cheaters or bots",
    tr: "Hile veya bot şüphesi bildirimi",
    style: "grape",
    violatersForm: true,
  },
  { title: "Out-of-game trade", tr: "Oyun dışı ticaret", style: "pink", violatersForm: true },
  { title: "Report bugs", tr: "Hata bildirimi", style: "yellow" },
  { title: "Payment problems", tr: "Ödeme sorunları", style: "green" },
  { title: "Suggestion and complaint", tr: "Öneri ve şikâyet", style: "cyan" },
  { title: "Advertising and collaboration", tr: "Reklam ve iş birliği", style: "indigo" },
  { title: "Registration problems", tr: "Kayıt sorunları", style: "blue" },
  { title: "Support System Issues", tr: "Destek sistemi sorunları", style: "teal" },
  { title: "Category11", tr: "Kategori11", style: "gray" },
  { title: "Other", tr: "Diğer", style: "dark" },
];

export const BASE_PRIORITIES = [
  { title: "Low", style: "gray", isDefault: false },
  { title: "Normal", style: "blue", isDefault: true },
  { title: "High", style: "orange", isDefault: false },
  { title: "Urgent", style: "red", isDefault: false },
] as const;

export const BASE_SERVERS = [
  { title: "Europe 1", style: "blue" },
  { title: "Europe 2", style: "indigo" },
  { title: "America", style: "green" },
  { title: "Asia", style: "orange" },
] as const;

export const BASE_EXCUSES: Record<FastAction, readonly string[]> = {
  RESOLVED: [
    "The issue has been fixed on our side.",
    "The requested information was given to the player.",
    "The player confirmed in game that the problem is gone.",
  ],
  CLOSED: [
    "No answer from the player for 72 hours.",
    "Duplicate of another ticket.",
    "Not a support matter; please use the in-game channels.",
    "Not enough information to look into it.",
  ],
};
