/**
 * Tags in staff chat messages and notes (spec/2-staff-ticket-work.md §5): `@name` names a staff member, `#number` a
 * ticket by its creation second. Shared by the server (who gets a `tag` notification) and the web
 * (what is highlighted or linked), so both read a text the same way.
 *
 * Matching rule for names (names may hold spaces): after an `@`, the longest staff name that the
 * text continues with, compared without regard to case (foldCase, as the staff-name index folds),
 * and not followed by a letter, digit or `_` (so `@mod1` does not tag `mod12`, and `@Ada Lovelace`
 * prefers "Ada Lovelace" over "Ada"). No match leaves the text as it is. Staff names are unique
 * in any case, so a tag names one employee; were two alike, the first in the list would win.
 */

import { foldCase } from "./foldCase.ts";

export interface TagSpan<T> {
  /** Index of the `@` or `#` in the text. */
  start: number;
  /** Index just past the tag. */
  end: number;
  kind: "name" | "ticket";
  /** The matched staff entry (kind name) or the ticket number (kind ticket). */
  value: T;
}

/** Ticket numbers are epoch seconds: 1 to 12 digits keeps any real one and nothing absurd. */
const TICKET_NUMBER = /^#(\d{1,12})(?![\p{L}\p{N}_])/u;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

function followedByWordChar(text: string, index: number): boolean {
  const next = text.codePointAt(index);
  return next !== undefined && WORD_CHAR.test(String.fromCodePoint(next));
}

/** The `@` or `#` must start a word: `mail@example.com` and `a#1` are not tags. */
function startsWord(text: string, index: number): boolean {
  if (index === 0) return true;
  return !WORD_CHAR.test(text.charAt(index - 1));
}

/**
 * Every tag of a text, in order, without overlaps. `staff` holds the names that may be tagged;
 * the longest name that fits wins.
 */
export function findTags<S extends { name: string }>(text: string, staff: readonly S[]): TagSpan<S | number>[] {
  const byLength = [...staff].filter((s) => s.name.trim() !== "").sort((a, b) => b.name.length - a.name.length);
  const spans: TagSpan<S | number>[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text.charAt(i);
    if (char === "@" && startsWord(text, i)) {
      const rest = text.slice(i + 1);
      // Same-length slices compared folded: a case change never shifts where the name ends.
      const match = byLength.find(
        (s) => foldCase(rest.slice(0, s.name.length)) === foldCase(s.name) && !followedByWordChar(rest, s.name.length),
      );
      if (match) {
        const end = i + 1 + match.name.length;
        spans.push({ start: i, end, kind: "name", value: match });
        i = end;
        continue;
      }
    } else if (char === "#" && startsWord(text, i)) {
      const found = TICKET_NUMBER.exec(text.slice(i));
      if (found?.[1]) {
        const end = i + found[0].length;
        spans.push({ start: i, end, kind: "ticket", value: Number(found[1]) });
        i = end;
        continue;
      }
    }
    i++;
  }
  return spans;
}

/** The staff entries a text tags, each once. */
export function taggedStaff<S extends { name: string }>(text: string, staff: readonly S[]): S[] {
  const found = new Set<S>();
  for (const span of findTags(text, staff)) if (span.kind === "name") found.add(span.value as S);
  return [...found];
}
