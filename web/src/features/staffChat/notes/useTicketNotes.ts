/**
 * The live notes of one ticket: loads them, joins the staff-only notes room on every
 * (re)connect, merges new_note / edited_note / deleted_note once per id, and reads the notes
 * again after a reconnect that socket.io could not recover.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { FetchNotesResponse } from "../../../../../common/schemas/notes.ts";
import { encodeNotesId } from "../../../../../common/schemas/notes.ts";
import { useSocket } from "../../../realtime/SocketContext.ts";
import { useSession } from "../../../session/SessionContext.ts";
import { fetchNotes, mergeNotes, type Note, notesKey } from "./api.ts";

export function useTicketNotes(ticketId: number) {
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const { user } = useSession();
  const notes = useQuery({ queryKey: notesKey(ticketId), queryFn: () => fetchNotes(ticketId), retry: false });

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
    const roomId = encodeNotesId(ticketId);
    const join = () => socket.emit("join_chatroom", { room_id: roomId, name: user.id });
    const onConnect = () => {
      join();
      if (!socket.recovered) void queryClient.invalidateQueries({ queryKey: notesKey(ticketId) });
    };
    const onNote = (note: Note) => {
      if (note.ticket_id === ticketId) add([note]);
    };
    if (socket.connected) join();
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
  }, [socket, user, ticketId, queryClient, add]);

  return { notes, add };
}
