/**
 * What staff receive from the announcement and FAQ setup calls (spec/3-staff-administration.md §3, §7). Player
 * announcements and FAQs have the shapes everyone reads (setupResponses.ts); employee
 * announcements and their read records are for staff only.
 */
import { z } from "zod";

export const employeeAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  value: z.number(),
  /** Epoch seconds. */
  startDate: z.number(),
  /** Epoch seconds, or '' for an announcement without an end. */
  endDate: z.union([z.number(), z.literal("")]),
  active: z.boolean(),
});
export type EmployeeAnnouncement = z.infer<typeof employeeAnnouncement>;

export const employeeAnnouncementsResponse = z.object({ announcements: z.array(employeeAnnouncement) });

/** A read record (spec/3-staff-administration.md §3): the caller's own, one per employee announcement they have read. */
export const employeeAnnouncementRead = z.object({ announcement_id: z.number().int(), user_id: z.number().int() });
export type EmployeeAnnouncementRead = z.infer<typeof employeeAnnouncementRead>;

export const employeeAnnouncementReadsResponse = z.object({ reads: z.array(employeeAnnouncementRead) });
export type EmployeeAnnouncementReadsResponse = z.infer<typeof employeeAnnouncementReadsResponse>;
