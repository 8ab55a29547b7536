/**
 * The setup calls of announcements (for players and for employees), their read records, and FAQs
 * (spec/3-staff-administration.md §2.4, §3, §5, §7). Bodies arrive form-encoded (numbers, dates and booleans as text) or as
 * JSON; both parse here, and the web forms check the same limits.
 *
 * Dates travel as epoch seconds, like every time on the wire (DESIGN.md). The setup form picks
 * days: it sends the first second of the start day and the last second of the end day in the
 * author's time zone, so an announcement is live for the whole of both days. An empty endDate
 * (or null) is an announcement without an end ("Indefinite"), the spec's own wire form.
 */
import { z } from "zod";
import { LIMITS } from "../constants.ts";
import { formBoolean } from "./staffTickets.ts";

export const CONTENT_LIMITS = {
  /** Titles follow the general input limit (spec/1-product-frame.md §5). */
  title: LIMITS.defaultInput,
  /** spec/3-staff-administration.md §3, §9: messages and English messages of announcements. */
  announcementMessage: LIMITS.announcementMessage,
  /** The spec gives no FAQ limit: long enough for a step-by-step answer, bounded all the same. */
  faqMessage: 2000,
  /** value is a sort order; it is stored in a 32-bit integer column. */
  value: 1_000_000,
} as const;

/** 9999-12-31T23:59:59Z: the last second a date picker can show. */
export const MAX_EPOCH_SECONDS = 253_402_300_799;

export const CONTENT_MESSAGES = {
  required: "This field is required.",
  tooLong: "Input is too long.",
  value: "The value must be a whole number.",
  startDate: "Please choose a start date.",
  endDate: "Please choose an end date, or make the announcement indefinite.",
  endBeforeStart: "The end date cannot be before the start date.",
} as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A form sends "" for a field left empty: that is "not given", never 0. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

function text(limit: number) {
  return z
    .string(CONTENT_MESSAGES.required)
    .trim()
    .min(1, CONTENT_MESSAGES.required)
    .max(limit, CONTENT_MESSAGES.tooLong);
}

const value = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: CONTENT_MESSAGES.value })
    .int(CONTENT_MESSAGES.value)
    .min(-CONTENT_LIMITS.value, CONTENT_MESSAGES.value)
    .max(CONTENT_LIMITS.value, CONTENT_MESSAGES.value),
);

function epoch(message: string) {
  return z.coerce.number({ error: message }).int(message).min(0, message).max(MAX_EPOCH_SECONDS, message);
}

const startDate = z.preprocess(blankToUndefined, epoch(CONTENT_MESSAGES.startDate));
/** Epoch seconds, or ""/null for an announcement without an end; the field itself must be sent. */
const endDate = z.preprocess(
  (v: number | string | null) => (v === "" || v === null ? null : v),
  epoch(CONTENT_MESSAGES.endDate).nullable(),
);

function endNotBeforeStart(body: { startDate: number; endDate: number | null }, ctx: z.RefinementCtx) {
  if (body.endDate !== null && body.endDate < body.startDate) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: CONTENT_MESSAGES.endBeforeStart });
  }
}

const employeeAnnouncementFields = {
  title: text(CONTENT_LIMITS.title),
  message: text(CONTENT_LIMITS.announcementMessage),
  value,
  startDate,
  endDate,
};
/** Player announcements carry the English text that every language but tr shows (spec/1-product-frame.md §9). */
const announcementFields = {
  ...employeeAnnouncementFields,
  engTitle: text(CONTENT_LIMITS.title),
  engMessage: text(CONTENT_LIMITS.announcementMessage),
};

/** POST /api/setup/submit-new-announcement. */
export const submitAnnouncementBody = z.object(announcementFields).superRefine(endNotBeforeStart);
export type SubmitAnnouncementBody = z.output<typeof submitAnnouncementBody>;
/** POST /api/setup/edit-announcement: the same fields and the row's id. */
export const editAnnouncementBody = z.object({ id, ...announcementFields }).superRefine(endNotBeforeStart);

/** POST /api/setup/submit-new-employee-announcement. */
export const submitEmployeeAnnouncementBody = z.object(employeeAnnouncementFields).superRefine(endNotBeforeStart);
export type SubmitEmployeeAnnouncementBody = z.output<typeof submitEmployeeAnnouncementBody>;
/** POST /api/setup/edit-employee-announcement. */
export const editEmployeeAnnouncementBody = z
  .object({ id, ...employeeAnnouncementFields })
  .superRefine(endNotBeforeStart);

/**
 * POST fetch-announcements and fetch-employee-announcements {hasPermission}. The flag asks for the
 * setup list (every row: inactive, upcoming and ended ones too); without it only the live rows
 * come back (active, inside their window), as the dashboard shows them. It widens nothing: both
 * need announcement:view, read from the session.
 */
export const fetchAnnouncementsBody = z.object({ hasPermission: formBoolean.optional().default(false) });

/** change-active-announcement and change-active-employee-announcement {id, active}. */
export const changeActiveAnnouncementBody = z.object({ id, active: formBoolean });

/** delete-announcement, delete-employee-announcement, delete-faq {id}. */
export const contentIdBody = z.object({ id });

/** POST /api/setup/mark-employee-announcement-read {id}: the caller has read it (spec/3-staff-administration.md §3). */
export const markEmployeeAnnouncementReadBody = z.object({ id });

const faqFields = {
  title: text(CONTENT_LIMITS.title),
  message: text(CONTENT_LIMITS.faqMessage),
  engTitle: text(CONTENT_LIMITS.title),
  engMessage: text(CONTENT_LIMITS.faqMessage),
  value,
};
/** POST /api/setup/submit-new-faq. */
export const submitFaqBody = z.object(faqFields);
export type SubmitFaqBody = z.output<typeof submitFaqBody>;
/** POST /api/setup/edit-faq. */
export const editFaqBody = z.object({ id, ...faqFields });
