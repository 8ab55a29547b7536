/**
 * What differs between the player's chat and the staff chat, as one strategy object per audience
 * (the staff one is staffChat/audience.ts). The hook, the panel, the message line and the reply
 * box are one each and read their differences from here.
 */

import { LIMITS } from "../../../../common/constants.ts";
import type { StaffMessage } from "../../../../common/schemas/chatResponses.ts";
import type { AppSocket } from "../../realtime/SocketContext.ts";
import {
  type ChatMessage,
  type ChatPage,
  chatKey,
  fetchChat,
  isChatMessage,
  type ReplyQuote,
  sendChatMessage,
} from "./api.ts";

/** A line of either presentation. */
export type ChatLine = ChatMessage | StaffMessage;

export interface ChatAudience<M extends ChatLine, P extends ChatPage<M> = ChatPage<M>> {
  /** The i18n namespace of the chat's texts; both hold the same `chat.*` keys. */
  ns: "edit" | "staffChat";
  /** Put before every test id ("staff-" for staff), so each page keeps its own. */
  testIdPrefix: "" | "staff-";
  /** Test id of the Send button. */
  sendTestId: string;
  /** The class of this audience's side: its lines sit at the end side, the other side's are read. */
  side: ChatLine["user_class"];
  /** Test id word for a line by its sender's class. */
  lineKind: Record<ChatLine["user_class"], string>;
  /** The badge on staff lines. */
  staffBadgeKey: string;
  /** The player reads 'You' over their own lines; staff read every sender's name. */
  ownNameKey: string | null;
  /** Height of the message area in px (a messenger panel fills the window instead, once measured). */
  height: number;
  /** The reply box: the limit, whether the counter shows it, and the rows it grows between. */
  reply: { limit: number; counter: boolean; minRows: number; maxRows: number };
  /** Swiping a line replies to it. */
  swipeToReply: boolean;
  /**
   * Messenger lines: one header for consecutive lines of a sender, today's times
   * relative, no Reply on one's own lines, and the panel fills the window's height.
   */
  messenger: boolean;
  queryKey(chatId: string): readonly unknown[];
  fetch(chatId: string, before?: number): Promise<P>;
  /** Whether a line the socket brought is in this audience's presentation. */
  accepts(line: ChatLine): line is M;
  send(
    socket: AppSocket | null,
    chatId: string,
    text: string,
    replyTo: ReplyQuote | null,
    files: File[],
    /** The send's own id (pendingSend.ts): a retry of the same draft is stored once. */
    clientId: string,
  ): Promise<M>;
  /** Changing one's own lines (staff): present, the line offers Copy, Edit and Delete. */
  changes?: {
    edit(socket: AppSocket | null, chatId: string, messageId: number, text: string): Promise<M>;
    remove(socket: AppSocket | null, chatId: string, messageId: number): Promise<M>;
  };
}

/** The player on their own ticket (spec/1-product-frame.md §2): 500 characters with the counter, 'You' and 'GM'. */
export const playerChat: ChatAudience<ChatMessage> = {
  ns: "edit",
  testIdPrefix: "",
  sendTestId: "send-message",
  side: "user",
  lineKind: { user: "own", dev: "staff" },
  staffBadgeKey: "chat.gm",
  ownNameKey: "chat.you",
  height: 460,
  reply: { limit: LIMITS.playerReply, counter: true, minRows: 2, maxRows: 6 },
  swipeToReply: false,
  messenger: true,
  queryKey: chatKey,
  fetch: fetchChat,
  accepts: isChatMessage,
  send: (_socket, chatId, text, replyTo, files, clientId) => sendChatMessage(chatId, text, replyTo, files, clientId),
};
