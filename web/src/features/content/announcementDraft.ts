/**
 * The announcement form's state and rules (spec/3-staff-administration.md §2.4, §5), without React: what an empty or an
 * edited row starts from, when Save is allowed, and the body the server receives. Dates are days
 * ('YYYY-MM-DD', what the date picker holds); the body carries the first second of the start day
 * and the last second of the end day in the author's time zone (docs/decisions/setup-and-content.md).
 */
import dayjs from "dayjs";
import { CONTENT_LIMITS } from "../../../../common/schemas/content.ts";
import { filled, wholeNumber } from "./formRules.ts";
import type { AnnouncementBody, SetupAnnouncement } from "./setupApi.ts";

export interface AnnouncementDraft {
  title: string;
  message: string;
  engTitle: string;
  engMessage: string;
  /** What the number input holds: a number, or '' while empty. */
  value: number | string;
  startDate: string | null;
  endDate: string | null;
  indefinite: boolean;
}

const DAY_FORMAT = "YYYY-MM-DD";

/** Day.month.year, as the setup rows show dates (spec/3-staff-administration.md §2.4). */
export function formatDay(epochSeconds: number): string {
  return dayjs.unix(epochSeconds).format("DD.MM.YYYY");
}

export function emptyDraft(today = new Date()): AnnouncementDraft {
  return {
    title: "",
    message: "",
    engTitle: "",
    engMessage: "",
    value: 0,
    // spec/3-staff-administration.md §5: the start date defaults to today.
    startDate: dayjs(today).format(DAY_FORMAT),
    endDate: null,
    indefinite: false,
  };
}

export function draftOf(row: SetupAnnouncement): AnnouncementDraft {
  return {
    title: row.title,
    message: row.message,
    engTitle: row.engTitle ?? "",
    engMessage: row.engMessage ?? "",
    value: row.value,
    startDate: dayjs.unix(row.startDate).format(DAY_FORMAT),
    endDate: row.endDate === "" ? null : dayjs.unix(row.endDate).format(DAY_FORMAT),
    indefinite: row.endDate === "",
  };
}

/** The Indefinite toggle clears the end date (spec/3-staff-administration.md §5). */
export function setIndefinite(draft: AnnouncementDraft, indefinite: boolean): AnnouncementDraft {
  return { ...draft, indefinite, endDate: indefinite ? null : draft.endDate };
}

function sameDraft(a: AnnouncementDraft, b: AnnouncementDraft): boolean {
  const norm = (d: AnnouncementDraft) =>
    JSON.stringify([
      d.title.trim(),
      d.message.trim(),
      d.engTitle.trim(),
      d.engMessage.trim(),
      wholeNumber(d.value),
      d.startDate,
      d.indefinite ? null : d.endDate,
      d.indefinite,
    ]);
  return norm(a) === norm(b);
}

/**
 * Save is allowed when the texts are there and within their limits (the English ones only for
 * player announcements), the value is a whole number, a start date is chosen, the end date is
 * chosen (not before the start) unless Indefinite, and, for an edit, something changed.
 */
export function canSave(draft: AnnouncementDraft, original: AnnouncementDraft | null, withEnglish: boolean): boolean {
  const { title, announcementMessage } = CONTENT_LIMITS;
  const texts =
    filled(draft.title, title) &&
    filled(draft.message, announcementMessage) &&
    (!withEnglish || (filled(draft.engTitle, title) && filled(draft.engMessage, announcementMessage)));
  if (!texts || wholeNumber(draft.value) === null || !draft.startDate) return false;
  if (!draft.indefinite && (!draft.endDate || draft.endDate < draft.startDate)) return false;
  return original === null || !sameDraft(draft, original);
}

/** What submit-new and edit send; call only when canSave holds. */
export function bodyOf(draft: AnnouncementDraft, withEnglish: boolean): AnnouncementBody {
  const body: AnnouncementBody = {
    title: draft.title.trim(),
    message: draft.message.trim(),
    value: wholeNumber(draft.value) ?? 0,
    startDate: dayjs(draft.startDate).startOf("day").unix(),
    endDate: draft.indefinite || !draft.endDate ? "" : dayjs(draft.endDate).endOf("day").unix(),
  };
  if (withEnglish) Object.assign(body, { engTitle: draft.engTitle.trim(), engMessage: draft.engMessage.trim() });
  return body;
}
