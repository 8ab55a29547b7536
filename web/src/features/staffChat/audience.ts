/** The staff chat's side of the one chat (chat/audience.ts): spec/2-staff-ticket-work.md §2, §5, §6, §9. */
import { CHAT_UI } from "../../../../common/chatConstants.ts";
import { STAFF_MESSAGE_MAX } from "../../../../common/schemas/chat.ts";
import type { ChatAudience } from "../chat/audience.ts";
import {
  deleteMessage,
  editMessage,
  fetchStaffChat,
  isStaffMessage,
  type StaffChatPage,
  type StaffMessage,
  sendStaffMessage,
  staffChatKey,
} from "./api.ts";

export const staffChat: ChatAudience<StaffMessage, StaffChatPage> = {
  ns: "staffChat",
  testIdPrefix: "staff-",
  sendTestId: "staff-send",
  side: "dev",
  lineKind: { dev: "staff", user: "player" },
  staffBadgeKey: "chat.staff_badge",
  ownNameKey: null,
  height: CHAT_UI.staffChatHeightPx,
  // No visible limit (spec/2-staff-ticket-work.md §5); the box stops at what the server takes.
  reply: { limit: STAFF_MESSAGE_MAX, counter: false, minRows: 3, maxRows: 10 },
  swipeToReply: true,
  // Staff read every line's name and time as spec/2-staff-ticket-work.md §9 shows them.
  messenger: false,
  queryKey: staffChatKey,
  fetch: fetchStaffChat,
  accepts: isStaffMessage,
  send: sendStaffMessage,
  changes: { edit: editMessage, remove: deleteMessage },
};
