/**
 * The ticket's description with its attachments, as the first item of the conversation (where
 * Zendesk and Freshdesk put a ticket's opening message): written by the player when filing.
 */
import { Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { AttachmentGallery } from "../tickets/AttachmentGallery.tsx";

export function TicketDescription({ ticket }: { ticket: StaffTicket }) {
  const { t } = useTranslation("ticketPage");
  return (
    <Paper withBorder radius="md" p="sm" data-testid="ticket-description">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {t("description.title")} · {ticket.name} · {formatDateTime(ticket.createdAt)}
        </Text>
        <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {ticket.description}
        </Text>
        <AttachmentGallery urls={ticket.attachments} />
      </Stack>
    </Paper>
  );
}
