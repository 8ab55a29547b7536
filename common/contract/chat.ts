/**
 * Chat calls both audiences make (spec/2-staff-ticket-work.md §7): a ticket's chat, a message with files, and files
 * ahead of a message. Whose chat it may be is the ticket policy's to say (404 for another's).
 * GET /download/{filename} is a file's URL, not a call, and stays outside the contract.
 */
import { defineEndpoints } from "./define.ts";

export const CHAT_ENDPOINTS = defineEndpoints({
  fetchChat: { method: "POST", path: "/api/fetch-chat", access: "signedIn" },
  newChatMessage: { method: "POST", path: "/api/new-chat-message", access: "signedIn", encoding: "multipart" },
  uploadFiles: { method: "POST", path: "/api/upload-files", access: "signedIn", encoding: "multipart" },
});
