/** Rules the announcement and FAQ forms share (spec/3-staff-administration.md §5): required texts, whole-number values. */
import { CONTENT_LIMITS } from "../../../../common/schemas/content.ts";

/** The number input's content as a whole number within the value limit, or null. */
export function wholeNumber(value: number | string): number | null {
  const n = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value);
  return Number.isInteger(n) && Math.abs(n) <= CONTENT_LIMITS.value ? n : null;
}

/** Not blank, and within the limit once trimmed (the server trims too). */
export function filled(text: string, limit: number): boolean {
  const length = text.trim().length;
  return length > 0 && length <= limit;
}
