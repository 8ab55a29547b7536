/**
 * The announcements panel's rules without the DOM (spec/1-product-frame.md §2, §9; spec/3-staff-administration.md §2.1): which item comes
 * next, what a swipe means, how small the text must get, and which items get the yellow border.
 */
import { TIMING } from "../../../../common/constants.ts";

export const FONT_MAX_PX = 16;
export const FONT_MIN_PX = 12;

/** The item `delta` steps from `current`, wrapping at both ends; 0 for an empty list. */
export function stepIndex(current: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  const from = Math.min(Math.max(current, 0), count - 1);
  return (((from + delta) % count) + count) % count;
}

/**
 * What a horizontal swipe of `dx` pixels does: more than 50 px towards the reading start brings
 * the next item (leftwards in LTR, rightwards in RTL), the other way the previous one; 0: nothing.
 */
export function swipeStep(dx: number, dir: "ltr" | "rtl"): -1 | 0 | 1 {
  if (Math.abs(dx) <= TIMING.announcementSwipePx) return 0;
  const towardsStart = dir === "rtl" ? dx > 0 : dx < 0;
  return towardsStart ? 1 : -1;
}

/** The largest size from 16 down to 12 px at which `overflows` says the text fits (12 if none does). */
export function fitFontSize(overflows: (px: number) => boolean): number {
  let size = FONT_MAX_PX;
  while (size > FONT_MIN_PX && overflows(size)) size -= 1;
  return size;
}

/** Started less than a day ago (spec/1-product-frame.md §9). */
export function isRecentAnnouncement(item: { startDate: number }, nowSeconds = Date.now() / 1000): boolean {
  return nowSeconds - item.startDate < TIMING.recentAnnouncementSeconds;
}

/** The yellow border: not read yet, or recent (spec/3-staff-administration.md §2.1). */
export function isUnreadOrRecent(item: { startDate: number; read: boolean }, nowSeconds?: number): boolean {
  return !item.read || isRecentAnnouncement(item, nowSeconds);
}

/**
 * Employee announcements in the panel's shape: they have no English text (the panel then shows
 * the original), and their read flag comes from the caller's read records.
 */
export function withReadFlags<T extends { id: number }>(
  items: readonly T[],
  readIds: readonly number[],
): (T & { engTitle: string; engMessage: string; read: boolean })[] {
  const read = new Set(readIds);
  return items.map((item) => ({ engTitle: "", engMessage: "", ...item, read: read.has(item.id) }));
}
