import {
  announcementsResponse,
  categoriesResponse,
  deletedCategoriesResponse,
  deletedPriorityLevelsResponse,
  faqsResponse,
  priorityLevelsResponse,
  serversResponse,
} from "../schemas/setupResponses.ts";
import { defineSchemas } from "./define.ts";
import type { SETUP_ENDPOINTS } from "./setup.ts";

/** Every answer here may be public: the schemas name all that leaves (common/schemas/setupResponses.ts). */
export const SETUP_SCHEMAS = defineSchemas<typeof SETUP_ENDPOINTS>()({
  fetchCategories: { response: categoriesResponse },
  fetchPriorityLevels: { response: priorityLevelsResponse },
  fetchServers: { response: serversResponse },
  fetchDeletedCategories: { response: deletedCategoriesResponse },
  fetchDeletedPriorityLevels: { response: deletedPriorityLevelsResponse },
  fetchDeletedServers: { response: serversResponse },
  fetchFaqs: { response: faqsResponse },
  fetchActiveAnnouncements: { response: announcementsResponse },
});
