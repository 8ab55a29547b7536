/**
 * The staff-only notes of a ticket (spec/2-staff-ticket-work.md §2, §3): the notes list, live from the ticket's notes
 * room; a note box with @ suggestions of staff names; reply to a note; edit and delete of one's
 * own notes. Tags render highlighted (`@name`) or as links (`#number`). Yellow marks what only
 * staff see: the panel's heading and one's own notes. The panel takes its parent's height (a flex
 * column), the list scrolling above the note box.
 */
import { Card, Center, Group, Loader, ScrollArea, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type Ref, useEffect, useRef, useState } from "react";
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

interface NotesPanelProps {
  ticket: StaffTicket;
  /** The note box's element, for the page to move the focus to it. */
  inputRef?: Ref<HTMLTextAreaElement>;
}

export function NotesPanel({ ticket, inputRef }: NotesPanelProps) {
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
    <Card
      withBorder
      radius="md"
      padding="sm"
      style={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}
      data-testid="notes-panel"
    >
      <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
        <Group
          gap={6}
          wrap="nowrap"
          px="xs"
          py={4}
          bg="var(--mantine-color-yellow-light)"
          style={{ borderRadius: "var(--mantine-radius-sm)" }}
          data-testid="notes-staff-only"
        >
          <IconLock size={14} color="var(--mantine-color-yellow-light-color)" aria-hidden />
          <Text size="xs" fw={500} c="var(--mantine-color-yellow-light-color)">
            {t("notes.staff_only")}
          </Text>
        </Group>
        <ScrollArea style={{ flex: 1, minHeight: 0 }} viewportRef={viewport} type="auto" offsetScrollbars>
          {notes.isPending ? (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          ) : notes.isError ? (
            <Text size="sm" c="red">
              {t("notes.load_failed")}
            </Text>
          ) : list.length === 0 ? (
            <Center py="xl">
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
          inputRef={inputRef}
        />
      </Stack>
    </Card>
  );
}
