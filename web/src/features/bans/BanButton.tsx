/**
 * Ban and unban the ticket's player (spec/2-staff-ticket-work.md §2, §6), and their ban history. Each is
 * enabled as the ticket's abilities say (the server's rule), with the refusal's reason on hover
 * when it is not.
 */
import { Button, Group } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { BanHistoryModal } from "./BanHistoryModal.tsx";
import { BanToggle } from "./BanToggle.tsx";

export function BanButton({ ticket, onChanged }: { ticket: StaffTicket; onChanged: () => void }) {
  const { t } = useTranslation("bans");
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Group gap="xs">
      <TicketBanToggle ticket={ticket} onChanged={onChanged} />
      <Button
        variant="subtle"
        leftSection={<IconHistory size={16} />}
        onClick={() => setHistoryOpen(true)}
        data-testid="ban-history-button"
      >
        {t("history")}
      </Button>
      <BanHistoryModal ticket={ticket} opened={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Group>
  );
}

/** Ban or Unban on this ticket, as its abilities allow. */
export function TicketBanToggle({
  ticket,
  onChanged,
  testIdPrefix,
  size,
}: {
  ticket: StaffTicket;
  onChanged: () => void;
  testIdPrefix?: string;
  size?: "xs" | "sm";
}) {
  const { abilities } = ticket;
  return (
    <BanToggle
      name={ticket.name}
      banned={ticket.banned}
      ban={abilities.ban ? ticket : null}
      unban={abilities.unban ? ticket : null}
      refusal={ticket.banned ? abilities.refusals.unban : abilities.refusals.ban}
      onChanged={onChanged}
      testIdPrefix={testIdPrefix}
      size={size}
    />
  );
}
