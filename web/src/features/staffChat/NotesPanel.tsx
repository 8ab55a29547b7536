/**
 * The staff-only notes of a ticket (spec/2-staff-ticket-work.md §2, §3): the notes list, live from the ticket's notes
 * room; a note box with @ suggestions of staff names; reply to a note; edit and delete of one's
 * own notes. Tags render highlighted (`@name`) or as links (`#number`).
 */
import { Card, Center, Loader, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { encodeNotesId } from "../../../../common/schemas/notes.ts";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { confirmDelete } from "../../ui/confirmAction.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { devsKey, emitNoteEvent, fetchDevs, type Note } from "./notes/api.ts";
import { NoteComposer } from "./notes/NoteComposer.tsx";
import { NoteItem } from "./notes/NoteItem.tsx";
import { useTicketNotes } from "./notes/useTicketNotes.ts";

/** The notes list's height: the chat panel's (spec/2-staff-ticket-work.md §9: 500px). */
const LIST_HEIGHT = 500;

export function NotesPanel({ ticket }: { ticket: StaffTicket }) {
  const { t } = useTranslation("staffChat");
  const { socket } = useSocket();
  const { user } = useSession();
  const { notes, add } = useTicketNotes(ticket.id);
  const devs = useQuery({ queryKey: devsKey, queryFn: fetchDevs, staleTime: 5 * 60_000 });
  const staff = devs.data ?? [];
  const [replyTo, setReplyTo] = useState<Note | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const list = notes.data?.notes ?? [];
  const notesId = encodeNotesId(ticket.id);

  // The newest note stays in view as notes arrive.
  const count = list.length;
  useEffect(() => {
    if (count) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);

  const send = async (text: string) => {
    try {
      const note = await emitNoteEvent(socket, "send_note", {
        notes_id: notesId,
        ticket_id: ticket.id,
        message: text,
        reply_to: replyTo ? { id: replyTo.id } : null,
      });
      add([note]);
      setReplyTo(null);
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };

  const edit = async (note: Note, text: string) => {
    try {
      add([await emitNoteEvent(socket, "edit_note", { notes_id: notesId, message_id: note.id, message: text })]);
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };

  const remove = async (note: Note) => {
    if (!(await confirmDelete())) return;
    try {
      add([await emitNoteEvent(socket, "delete_note", { notes_id: notesId, message_id: note.id })]);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card withBorder radius="md" padding="sm" data-testid="notes-panel">
      <Stack gap="xs">
        <Title order={5}>{t("notes.title")}</Title>
        <ScrollArea h={LIST_HEIGHT} viewportRef={viewport} type="auto" offsetScrollbars>
          {notes.isPending ? (
            <Center h={LIST_HEIGHT}>
              <Loader size="sm" />
            </Center>
          ) : notes.isError ? (
            <Text size="sm" c="red">
              {t("notes.load_failed")}
            </Text>
          ) : list.length === 0 ? (
            <Center h={LIST_HEIGHT / 2}>
              <Text size="sm" c="dimmed" data-testid="notes-empty">
                {t("notes.empty")}
              </Text>
            </Center>
          ) : (
            <Stack gap={6} data-testid="notes-list">
              {list.map((note) => (
                <NoteItem
                  key={note.id}
                  note={note}
                  own={note.sender_id === user?.id}
                  staff={staff}
                  onReply={setReplyTo}
                  onEdit={edit}
                  onDelete={(n) => void remove(n)}
                />
              ))}
            </Stack>
          )}
        </ScrollArea>
        <NoteComposer
          staff={staff}
          selfId={user?.id}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSend={send}
        />
      </Stack>
    </Card>
  );
}
