/**
 * The live notes of one ticket: loads them (once the staff-only notes room is joined, when a
 * socket is connected), joins that room on every (re)connect, merges new_note / edited_note /
 * deleted_note once per id, and reads the notes again, once back in the room, after a reconnect
 * that socket.io could not recover. A note stored between a read and the join would reach neither.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { FetchNotesResponse } from "../../../../../common/schemas/notes.ts";
import { encodeNotesId } from "../../../../../common/schemas/notes.ts";
import { useSocket } from "../../../realtime/SocketContext.ts";
import type { ServerPayload } from "../../../realtime/socketEvents.ts";
import { useSession } from "../../../session/SessionContext.ts";
import { fetchNotes, mergeNotes, type Note, notesKey } from "./api.ts";

export function useTicketNotes(ticketId: number) {
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const { user } = useSession();
  const roomId = encodeNotesId(ticketId);
  // As the chat does (useTicketChat): with a socket connected, read once the room is joined;
  // without one, read at once, and again after the join that follows the connection.
  const [joinedRoom, setJoinedRoom] = useState<string | null>(null);
  const notes = useQuery({
    queryKey: notesKey(ticketId),
    queryFn: () => fetchNotes(ticketId),
    retry: false,
    enabled: !socket?.connected || joinedRoom === roomId,
  });

  const add = useCallback(
    (incoming: Note[]) => {
      queryClient.setQueryData<FetchNotesResponse>(notesKey(ticketId), (page) =>
        page ? { ...page, notes: mergeNotes(page.notes, incoming) } : page,
      );
    },
    [queryClient, ticketId],
  );

  useEffect(() => {
    if (!socket || user === null) return;
    /** Enters the notes room; settles once the server has answered (or after 10 s without one). */
    const join = async () => {
      await socket
        .timeout(10_000)
        .emitWithAck("join_chatroom", { room_id: roomId, name: user.id })
        .catch(() => undefined);
      setJoinedRoom(roomId);
    };
    const onConnect = () => {
      const joined = join();
      if (!socket.recovered) {
        void joined.then(() => queryClient.invalidateQueries({ queryKey: notesKey(ticketId) }));
      }
    };
    const onNote = (note: ServerPayload<"new_note">) => {
      if (note.ticket_id === ticketId) add([note]);
    };
    if (socket.connected) void join();
    socket.on("connect", onConnect);
    socket.on("new_note", onNote);
    socket.on("edited_note", onNote);
    socket.on("deleted_note", onNote);
    return () => {
      socket.off("connect", onConnect);
      socket.off("new_note", onNote);
      socket.off("edited_note", onNote);
      socket.off("deleted_note", onNote);
      if (socket.connected) socket.emit("leave_chatroom", { room_id: roomId, name: user.id });
    };
  }, [socket, user, ticketId, roomId, queryClient, add]);

  return { notes, add };
}
