/**
 * The one reference a player sees of a ticket: its number, createdAt,
 * written "#1795442351" on the filing screens, the ticket page, the history and home, and what
 * "Find my ticket" takes. A copy button beside it where the player may want to keep it.
 */
import { ActionIcon, Group, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DeferredTooltip } from "../../ui/DeferredOverlays.tsx";
import { useCopyToClipboard } from "../../ui/useCopyToClipboard.ts";

export function ticketReference(ticketNumber: number): string {
  return `#${ticketNumber}`;
}

export function TicketReference({ ticketNumber, size = "sm" }: { ticketNumber: number; size?: "sm" | "lg" }) {
  const { t } = useTranslation("edit");
  const { copy, copied } = useCopyToClipboard();
  const reference = ticketReference(ticketNumber);
  const done = copied === reference;
  return (
    <Group gap={4} wrap="nowrap" component="span" style={{ display: "inline-flex" }}>
      <Text component="span" fw={700} size={size} dir="ltr" data-testid="ticket-reference">
        {reference}
      </Text>
      <DeferredTooltip label={done ? t("common:copy.notice") : t("signals.copy")} withArrow>
        <ActionIcon
          variant="subtle"
          size="sm"
          color={done ? "green" : "gray"}
          onClick={() => void copy(reference)}
          aria-label={t("signals.copy")}
          data-testid="copy-ticket-reference"
        >
          {done ? <IconCheck size={14} /> : <IconCopy size={14} />}
        </ActionIcon>
      </DeferredTooltip>
    </Group>
  );
}
