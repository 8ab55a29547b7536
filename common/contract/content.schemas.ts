import {
  changeActiveAnnouncementBody,
  contentIdBody,
  editAnnouncementBody,
  editEmployeeAnnouncementBody,
  editFaqBody,
  fetchAnnouncementsBody,
  markEmployeeAnnouncementReadBody,
  submitAnnouncementBody,
  submitEmployeeAnnouncementBody,
  submitFaqBody,
} from "../schemas/content.ts";
import { employeeAnnouncementReadsResponse, employeeAnnouncementsResponse } from "../schemas/contentResponses.ts";
import { announcementsResponse, faqsResponse } from "../schemas/setupResponses.ts";
import type { CONTENT_ENDPOINTS } from "./content.ts";
import { defineSchemas } from "./define.ts";

/** Every change answers the kind's whole list as it is afterwards, which replaces the page's list. */
export const CONTENT_SCHEMAS = defineSchemas<typeof CONTENT_ENDPOINTS>()({
  fetchAnnouncements: { body: fetchAnnouncementsBody, response: announcementsResponse },
  submitNewAnnouncement: { body: submitAnnouncementBody, response: announcementsResponse },
  editAnnouncement: { body: editAnnouncementBody, response: announcementsResponse },
  changeActiveAnnouncement: { body: changeActiveAnnouncementBody, response: announcementsResponse },
  deleteAnnouncement: { body: contentIdBody, response: announcementsResponse },

  fetchEmployeeAnnouncements: { body: fetchAnnouncementsBody, response: employeeAnnouncementsResponse },
  submitNewEmployeeAnnouncement: { body: submitEmployeeAnnouncementBody, response: employeeAnnouncementsResponse },
  editEmployeeAnnouncement: { body: editEmployeeAnnouncementBody, response: employeeAnnouncementsResponse },
  changeActiveEmployeeAnnouncement: { body: changeActiveAnnouncementBody, response: employeeAnnouncementsResponse },
  deleteEmployeeAnnouncement: { body: contentIdBody, response: employeeAnnouncementsResponse },

  fetchEmployeeAnnouncementReads: { response: employeeAnnouncementReadsResponse },
  markEmployeeAnnouncementRead: { body: markEmployeeAnnouncementReadBody, response: employeeAnnouncementReadsResponse },

  submitNewFaq: { body: submitFaqBody, response: faqsResponse },
  editFaq: { body: editFaqBody, response: faqsResponse },
  deleteFaq: { body: contentIdBody, response: faqsResponse },
});
