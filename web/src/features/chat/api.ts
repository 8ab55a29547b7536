/** Chat calls (spec/2-staff-ticket-work.md §7) as a player makes them, and the page helpers both audiences share. */
import type {
  PlayerChatUser,
  PlayerMessage,
  ReplyQuote,
  StaffMessage,
} from "../../../../common/schemas/chatResponses.ts";
import { api } from "../../api/client.ts";

export type { ReplyQuote };
/** A chat message as the server presents it to a player (no read ticks, no origin address). */
export type ChatMessage = PlayerMessage;

/** One loaded stretch of a chat, oldest first, in either audience's presentation. */
export interface ChatPage<M, U extends PlayerChatUser = PlayerChatUser> {
  chat: M[];
  /** The chat's senders (staff use them to name people in system lines). */
  users: U[];
  /** More, older messages exist. */
  has_more: boolean;
}

export const chatKey = (chatId: string) => ["chat", chatId] as const;

export const CHAT_PAGE_SIZE = 100;

export async function fetchChat(chatId: string, before?: number): Promise<ChatPage<ChatMessage>> {
  return api.callAsPlayer("fetchChat", { chat_id: chatId, before, limit: CHAT_PAGE_SIZE });
}

export async function sendChatMessage(
  chatId: string,
  message: string,
  replyTo: ReplyQuote | null,
  files: File[],
  clientId: string,
): Promise<ChatMessage> {
  const form = new FormData();
  form.append("chatId", chatId);
  form.append("message", message);
  form.append("client_id", clientId);
  if (replyTo) form.append("reply_to", JSON.stringify(replyTo));
  for (const file of files) form.append("files", file, file.name);
  return (await api.callAsPlayer("newChatMessage", form)).message;
}

/** Adds or replaces items by id, oldest first (a message may come by HTTP answer, socket and refetch). */
export function mergeById<T extends { id: number }>(list: T[], incoming: T[]): T[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** An earlier page joined to the loaded one: its messages and senders, and whether more exist. */
export function joinEarlier<P extends ChatPage<{ id: number }>>(current: P, earlier: P): P {
  return {
    ...current,
    chat: mergeById(current.chat, earlier.chat),
    users: mergeById(current.users, earlier.users),
    has_more: earlier.has_more,
  };
}

/** Quotes hold a copy of the quoted text: an edit or delete of that message changes the copies too. */
export function followChange<M extends { reply_to: ReplyQuote | null }>(
  list: M[],
  changed: Pick<ChatMessage, "id" | "message" | "deleted">,
): M[] {
  return list.map((m) =>
    m.reply_to?.id === changed.id
      ? {
          ...m,
          reply_to: changed.deleted
            ? { ...m.reply_to, message: "", deleted: true }
            : { ...m.reply_to, message: changed.message.slice(0, 300) },
        }
      : m,
  );
}

/** A line in the player's presentation: staff's alone carries the origin address. */
export function isChatMessage(line: ChatMessage | StaffMessage): line is ChatMessage {
  return !("ip_origin" in line);
}
