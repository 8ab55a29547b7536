/** What anyone may see of the setup lists and the player-facing content (spec/1-product-frame.md §3). */

import type { Selectable } from "kysely";
import type { Announcement, Category, Faq, GameServer, PriorityLevel } from "../../common/schemas/setupResponses.ts";
import type { FastAction, FastActionExcusesResponse } from "../../common/schemas/staffTickets.ts";
import type {
  AnnouncementsTable,
  CategoryRow,
  FaqsTable,
  FastActionExcusesTable,
  PriorityRow,
  ServerRow,
} from "../db/schema.ts";
import { presentEmployeeAnnouncement } from "./content.ts";

/** English titles that need the violator's name even when the flag is off (spec/1-product-frame.md §3). */
const VIOLATERS_FORM_TITLES = new Set([
  "Violating the rules of the chat",
  "Reporting suspected cheaters or bots",
  "Out-of-game trade",
]);

export function needsViolatersForm(category: Pick<CategoryRow, "title" | "has_violaters_form">): boolean {
  return category.has_violaters_form === 1 || VIOLATERS_FORM_TITLES.has(category.title.trim());
}

function parseLocales(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  } catch {
    return {};
  }
}

export function presentCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    title: row.title,
    value: row.value,
    style: row.style,
    locales: parseLocales(row.locales),
    disabled: row.disabled === 1,
    // The effective rule, so that no client has to repeat the title list.
    has_violaters_form: needsViolatersForm(row),
  };
}

export function presentPriority(row: PriorityRow): PriorityLevel {
  return { id: row.id, title: row.title, value: row.value, style: row.style, default: row.is_default === 1 };
}

export function presentServer(row: ServerRow): GameServer {
  return { id: row.id, title: row.title, value: row.value, style: row.style };
}

export function presentFaq(row: Selectable<FaqsTable>): Faq {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    engTitle: row.eng_title,
    engMessage: row.eng_message,
    value: row.value,
  };
}

/** An employee announcement's fields (presenters/content.ts), the English text and the caller's read mark. */
export function presentAnnouncement(row: Selectable<AnnouncementsTable> & { read: boolean }): Announcement {
  return { ...presentEmployeeAnnouncement(row), engTitle: row.eng_title, engMessage: row.eng_message, read: row.read };
}

/** The two excuse lists, each in its configured order (spec/3-staff-administration.md §3: lists keyed by action). */
export function presentFastActionExcuses(
  rows: readonly Pick<FastActionExcusesTable, "action" | "excuse">[],
): FastActionExcusesResponse["fast_action_excuses"] {
  const pick = (action: FastAction) => rows.filter((r) => r.action === action).map((r) => r.excuse);
  return { RESOLVED: pick("RESOLVED"), CLOSED: pick("CLOSED") };
}
