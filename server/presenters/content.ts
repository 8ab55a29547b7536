/** What staff see of employee announcements and their read records (spec/3-staff-administration.md §3). */
import type { Selectable } from "kysely";
import type { EmployeeAnnouncement, EmployeeAnnouncementRead } from "../../common/schemas/contentResponses.ts";
import type { EmployeeAnnouncementsTable } from "../db/schema.ts";

/** Also the common part of a player announcement (presentAnnouncement), whose table has these columns too. */
export function presentEmployeeAnnouncement(row: Selectable<EmployeeAnnouncementsTable>): EmployeeAnnouncement {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    value: row.value,
    startDate: row.start_date,
    // The spec's wire form: '' is an announcement without an end.
    endDate: row.end_date ?? "",
    active: row.active === 1,
  };
}

export function presentEmployeeAnnouncementRead(userId: number, announcementId: number): EmployeeAnnouncementRead {
  return { announcement_id: announcementId, user_id: userId };
}
