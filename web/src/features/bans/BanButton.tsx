/**
 * Ban and unban the ticket's player (spec/2-staff-ticket-work.md §2, §6), and their ban history. Ban opens the ban
 * dialog; Unban asks to confirm and needs no reason. Each is enabled as the ticket's abilities say
 * (the server's rule), with the refusal's reason on hover when it is not.
 */
import { Button, Group } from "@mantine/core";
import { IconBan, IconHistory, IconLockOpen } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { confirmAction } from "../../ui/confirmAction.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { RefusalTooltip } from "../../ui/RefusalTooltip.tsx";
import { unbanPlayer } from "./api.ts";
import { BanHistoryModal } from "./BanHistoryModal.tsx";
import { BanModal } from "./BanModal.tsx";

export function BanButton({ ticket, onChanged }: { ticket: StaffTicket; onChanged: () => void }) {
  const { t } = useTranslation("bans");
  const [banOpen, setBanOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { abilities } = ticket;

  const unban = async () => {
    if (!(await confirmAction({ message: t("unban_confirm", { name: ticket.name }), confirmLabel: t("unban") })))
      return;
    setBusy(true);
    try {
      await unbanPlayer(ticket);
      onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const action = ticket.banned ? (
    <Button
      variant="light"
      color="green"
      leftSection={<IconLockOpen size={16} />}
      onClick={unban}
      loading={busy}
      disabled={!abilities.unban}
      data-testid="unban-button"
    >
      {t("unban")}
    </Button>
  ) : (
    <Button
      variant="light"
      color="red"
      leftSection={<IconBan size={16} />}
      onClick={() => setBanOpen(true)}
      disabled={!abilities.ban}
      data-testid="ban-button"
    >
      {t("ban")}
    </Button>
  );

  return (
    <Group gap="xs">
      <RefusalTooltip code={ticket.banned ? abilities.refusals.unban : abilities.refusals.ban}>{action}</RefusalTooltip>
      <Button
        variant="subtle"
        leftSection={<IconHistory size={16} />}
        onClick={() => setHistoryOpen(true)}
        data-testid="ban-history-button"
      >
        {t("history")}
      </Button>
      <BanModal ticket={ticket} opened={banOpen} onClose={() => setBanOpen(false)} onBanned={onChanged} />
      <BanHistoryModal ticket={ticket} opened={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Group>
  );
}
