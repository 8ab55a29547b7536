/**
 * How the player's chat reads like a messenger: consecutive lines of one sender share
 * one header, and today's lines tell their time relative to now ('2 minutes ago'), older ones
 * the spec's hh:mm dd.mm.yyyy.
 */
import dayjs from "dayjs";
import { formatDateTime } from "../../ui/formatDate.ts";
import { formatRelative } from "../ticketList/relativeTime.ts";
import type { ChatLine } from "./audience.ts";

/** A line within this many seconds of the previous line of the same sender joins its group. */
export const GROUP_WINDOW_SECONDS = 5 * 60;

type GroupFields = Pick<ChatLine, "type" | "sender_id" | "user_class" | "timestamp">;

/** Whether `line` continues the group `previous` started: same sender, both written, close in time, same day. */
export function continuesGroup(previous: GroupFields | undefined, line: GroupFields): boolean {
  if (previous?.type !== "message" || line.type !== "message") return false;
  if (previous.user_class !== line.user_class || previous.sender_id !== line.sender_id) return false;
  const gap = line.timestamp - previous.timestamp;
  return (
    gap >= 0 && gap <= GROUP_WINDOW_SECONDS && dayjs(line.timestamp * 1000).isSame(previous.timestamp * 1000, "day")
  );
}

/** A line's time: relative when it was written today (in the reader's language), else the full date. */
export function chatTimeLabel(epochSeconds: number, nowSeconds: number, language: string): string {
  // A line that arrived after the last tick of the clock is 'now', never 'in 20 seconds'.
  const reference = Math.max(nowSeconds, epochSeconds);
  const today = dayjs(epochSeconds * 1000).isSame(reference * 1000, "day");
  return today ? formatRelative(epochSeconds, reference, language) : formatDateTime(epochSeconds);
}
