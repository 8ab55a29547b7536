import {
  fetchCategoryQuickRepliesBody,
  fetchCategoryQuickRepliesResponse,
  fetchNotesBody,
  fetchNotesResponse,
} from "../schemas/notes.ts";
import { defineSchemas } from "./define.ts";
import type { NOTES_ENDPOINTS } from "./notes.ts";

export const NOTES_SCHEMAS = defineSchemas<typeof NOTES_ENDPOINTS>()({
  fetchNotes: { body: fetchNotesBody, response: fetchNotesResponse },
  fetchCategoryQuickReplies: { body: fetchCategoryQuickRepliesBody, response: fetchCategoryQuickRepliesResponse },
});
