/**
 * The live chat of one ticket, for either audience (chat/audience.ts): loads the audience's
 * presentation (once its room is joined, when a socket is connected), joins the chat room on every
 * (re)connect, takes new, edited and deleted lines by id (quotes follow), refetches after a
 * reconnect that socket.io could not recover, and tells the
 * server this side read the other side's lines. Read ticks (`messages_read`) and 'User online'
 * (`users_in_room`) reach staff rooms only, so on a player's page they never fire.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useSocket } from "../../realtime/SocketContext.ts";
import type { ServerPayload } from "../../realtime/socketEvents.ts";
import { useSession } from "../../session/SessionContext.ts";
import { type ChatPage, followChange, joinEarlier, mergeById } from "./api.ts";
import type { ChatAudience, ChatLine } from "./audience.ts";

export interface TicketChatOptions {
  /**
   * The page's ticket may have moved (a new line, an assignment, a status ping, a reconnect that
   * missed events): the player's page reads its ticket again. Staff pages have their own pings.
   */
  onTicketChange?(): void;
}

export function useTicketChat<M extends ChatLine, P extends ChatPage<M>>(
  chatId: string,
  audience: ChatAudience<M, P>,
  { onTicketChange }: TicketChatOptions = {},
) {
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const { user } = useSession();
  // With a socket connected, the chat is read once its room is joined: a line stored between a
  // read and the join would reach neither. Without one, it is read at once, and read again after
  // the join that follows the connection (onConnect below).
  const [joinedRoom, setJoinedRoom] = useState<string | null>(null);
  const readable = !socket?.connected || joinedRoom === chatId;
  const chat = useQuery({
    queryKey: audience.queryKey(chatId),
    queryFn: () => audience.fetch(chatId),
    retry: false,
    enabled: readable,
  });
  /** Whether the player has this chat open (users_in_room), for staff's 'User online'. */
  const [playerOnline, setPlayerOnline] = useState(false);

  const update = useCallback(
    (change: (page: P) => P) =>
      queryClient.setQueryData<P>(audience.queryKey(chatId), (page) => (page ? change(page) : page)),
    [queryClient, audience, chatId],
  );
  const add = useCallback(
    (messages: M[]) => update((page) => ({ ...page, chat: mergeById(page.chat, messages) })),
    [update],
  );

  const markRead = useCallback(() => {
    if (socket?.connected && document.visibilityState === "visible") socket.emit("messages_read", { chat_id: chatId });
  }, [socket, chatId]);

  useEffect(() => {
    if (!socket || user === null) return;
    /** Enters the chat's room; settles once the server has answered (or after 10 s without one). */
    const join = async () => {
      const joined = socket
        .timeout(10_000)
        .emitWithAck("join_chatroom", { room_id: chatId, name: user.id })
        .catch(() => undefined);
      markRead();
      await joined;
      setJoinedRoom(chatId);
    };
    const onConnect = () => {
      const joined = join();
      // A recovered connection got what it missed replayed; otherwise read the chat again, once
      // in the room: a line stored between a read and the join would reach neither.
      if (!socket.recovered) {
        void joined.then(() => {
          void queryClient.invalidateQueries({ queryKey: audience.queryKey(chatId) });
          onTicketChange?.();
        });
      }
    };
    /** A new line (banned_message: a ban line, to staff only). */
    const onLine = (line: ServerPayload<"new_message">) => {
      if (!audience.accepts(line) || line.chatId !== chatId) return;
      add([line]);
      if (line.user_class !== audience.side) markRead();
      onTicketChange?.();
    };
    /** An edit or delete: replace the line, and the copies of it that quotes hold. */
    const onChanged = (line: ServerPayload<"edited_message">) => {
      if (!audience.accepts(line) || line.chatId !== chatId) return;
      update((page) => ({ ...page, chat: followChange(mergeById(page.chat, [line]), line) }));
    };
    const onRead = (payload: ServerPayload<"messages_read">) => {
      if (payload.chat_id !== chatId) return;
      // The other side read: every line of the reader's counterpart shows the double tick.
      const readBy = payload.reader_class === "user" ? "dev" : "user";
      update((page) => ({ ...page, chat: page.chat.map((m) => (m.user_class === readBy ? { ...m, read: true } : m)) }));
    };
    const onPresence = (payload: ServerPayload<"users_in_room">) => {
      if (payload.chat_id === chatId) setPlayerOnline(payload.player_online);
    };
    const onTicketPing = () => onTicketChange?.();
    const onVisible = () => markRead();
    if (socket.connected) {
      // The socket may have connected between the render that let the chat be read and now: a
      // read begun before the join may have missed a line sent meanwhile, so read again.
      const readBefore = queryClient.getQueryState(audience.queryKey(chatId));
      const stale = readBefore !== undefined && (readBefore.dataUpdatedAt > 0 || readBefore.fetchStatus === "fetching");
      void join().then(() => {
        if (stale) void queryClient.invalidateQueries({ queryKey: audience.queryKey(chatId) });
      });
    }
    socket.on("connect", onConnect);
    socket.on("new_message", onLine);
    socket.on("banned_message", onLine); // staff only (spec/2-staff-ticket-work.md §7)
    socket.on("edited_message", onChanged);
    socket.on("deleted_message", onChanged);
    socket.on("messages_read", onRead);
    socket.on("users_in_room", onPresence);
    if (onTicketChange) {
      socket.on("ticket_assigned", onTicketPing);
      // A status change without a message (hold, close by staff) still reaches an open page.
      socket.on("ticket_updated_ping", onTicketPing);
    }
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      socket.off("connect", onConnect);
      socket.off("new_message", onLine);
      socket.off("banned_message", onLine);
      socket.off("edited_message", onChanged);
      socket.off("deleted_message", onChanged);
      socket.off("messages_read", onRead);
      socket.off("users_in_room", onPresence);
      socket.off("ticket_assigned", onTicketPing);
      socket.off("ticket_updated_ping", onTicketPing);
      setPlayerOnline(false);
      setJoinedRoom(null);
      document.removeEventListener("visibilitychange", onVisible);
      if (socket.connected) socket.emit("leave_chatroom", { room_id: chatId, name: user.id });
    };
  }, [socket, user, chatId, audience, queryClient, add, update, markRead, onTicketChange]);

  const loadEarlier = useCallback(async () => {
    const oldest = queryClient.getQueryData<P>(audience.queryKey(chatId))?.chat[0]?.id;
    if (!oldest) return;
    const earlier = await audience.fetch(chatId, oldest);
    update((current) => joinEarlier(current, earlier));
  }, [queryClient, audience, chatId, update]);

  return { chat, add, loadEarlier, playerOnline };
}

export type LiveChat<M extends ChatLine> = ReturnType<typeof useTicketChat<M, ChatPage<M>>>;
