/**
 * After a visitor filed a ticket: its number (the one reference) and the private
 * /ticket/{ticket_info} link, which is the only way back besides the number and e-mail, each
 * with a copy button.
 */
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconCircleCheck, IconCopy, IconExternalLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCopyToClipboard } from "../../ui/useCopyToClipboard.ts";
import type { FiledTicket } from "./TemporaryTicketForm.tsx";
import { TicketReference } from "./TicketReference.tsx";

export function TicketFiledCard({ ticket }: { ticket: FiledTicket }) {
  const { t } = useTranslation("edit");
  const { copy, copied } = useCopyToClipboard();
  const path = `/ticket/${ticket.ticketInfo}`;
  const link = `${window.location.origin}${path}`;
  return (
    <Stack gap="md" data-testid="ticket-filed" data-ticket-id={ticket.ticketId}>
      <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} title={t("temporary.filed_title")}>
        {t("signals.filed_text")}
      </Alert>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t("signals.reference")}
        </Text>
        <span data-testid="filed-ticket-id">
          <TicketReference ticketNumber={ticket.ticketNumber} size="lg" />
        </span>
      </Group>
      <TextInput
        label={t("temporary.private_link")}
        description={t("temporary.private_link_hint")}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        data-testid="private-link"
        rightSection={
          <Tooltip label={copied === link ? t("common:copy.notice") : t("common:copy.copy")} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied === link ? "green" : "gray"}
              onClick={() => void copy(link)}
              aria-label={t("common:copy.copy")}
            >
              {copied === link ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        }
      />
      <Group>
        <Button
          component={Link}
          to={path}
          rightSection={<IconExternalLink size={16} />}
          data-testid="open-filed-ticket"
        >
          {t("temporary.open_ticket")}
        </Button>
      </Group>
    </Stack>
  );
}
