import { fetchChatBody } from "../schemas/chat.ts";
import {
  playerFetchChatResponse,
  playerNewMessageResponse,
  staffFetchChatResponse,
  staffNewMessageResponse,
  uploadFilesResponse,
} from "../schemas/chatResponses.ts";
import type { CHAT_ENDPOINTS } from "./chat.ts";
import { defineSchemas } from "./define.ts";

/**
 * A staff session is answered the staff presentation, a player's session the player's. The
 * multipart forms' fields are read and checked by the route (newChatMessageBody), after the
 * checks that come before the files.
 */
export const CHAT_SCHEMAS = defineSchemas<typeof CHAT_ENDPOINTS>()({
  fetchChat: {
    body: fetchChatBody,
    response: { staff: staffFetchChatResponse, player: playerFetchChatResponse },
  },
  newChatMessage: { response: { staff: staffNewMessageResponse, player: playerNewMessageResponse } },
  uploadFiles: { response: uploadFilesResponse },
});
