import {
  categoryTicketNumbersResponse,
  deleteExcuseBody,
  editCategoryBody,
  editExcuseBody,
  editPriorityBody,
  editQuickReplyBody,
  editServerBody,
  fetchQuickRepliesBody,
  newCategoryBody,
  newExcuseBody,
  newPriorityBody,
  newQuickReplyBody,
  newServerBody,
  quickRepliesResponse,
  quickReplyCategoriesBody,
  setupIdBody,
} from "../schemas/setup.ts";
import { categoriesResponse, priorityLevelsResponse, serversResponse } from "../schemas/setupResponses.ts";
import { fastActionExcusesResponse } from "../schemas/staffTickets.ts";
import { defineSchemas } from "./define.ts";
import type { SETUP_ADMIN_ENDPOINTS } from "./setupAdmin.ts";

export const SETUP_ADMIN_SCHEMAS = defineSchemas<typeof SETUP_ADMIN_ENDPOINTS>()({
  fetchCategoryTicketNumbers: { response: categoryTicketNumbersResponse },

  submitNewCategory: { body: newCategoryBody, response: categoriesResponse },
  editCategory: { body: editCategoryBody, response: categoriesResponse },
  deleteCategory: { body: setupIdBody, response: categoriesResponse },
  enableCategory: { body: setupIdBody, response: categoriesResponse },
  disableCategory: { body: setupIdBody, response: categoriesResponse },

  submitNewPriorityLevel: { body: newPriorityBody, response: priorityLevelsResponse },
  editPriorityLevel: { body: editPriorityBody, response: priorityLevelsResponse },
  deletePriorityLevel: { body: setupIdBody, response: priorityLevelsResponse },
  setDefaultPriority: { body: setupIdBody, response: priorityLevelsResponse },

  submitNewServer: { body: newServerBody, response: serversResponse },
  editServer: { body: editServerBody, response: serversResponse },
  deleteServer: { body: setupIdBody, response: serversResponse },

  fetchQuickReplies: { body: fetchQuickRepliesBody, response: quickRepliesResponse },
  submitNewQuickReply: { body: newQuickReplyBody, response: quickRepliesResponse },
  editQuickReply: { body: editQuickReplyBody, response: quickRepliesResponse },
  deleteQuickReply: { body: setupIdBody, response: quickRepliesResponse },
  addCategoriesToQuickReply: { body: quickReplyCategoriesBody, response: quickRepliesResponse },

  newFastActionExcuse: { body: newExcuseBody, response: fastActionExcusesResponse },
  editFastActionExcuse: { body: editExcuseBody, response: fastActionExcusesResponse },
  deleteFastActionExcuse: { body: deleteExcuseBody, response: fastActionExcusesResponse },
});
