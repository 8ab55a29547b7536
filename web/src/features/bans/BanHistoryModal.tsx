/** The ticket page's dialog of the ticket's player's bans (spec/2-staff-ticket-work.md §7 ban history). */
import { Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { banOwnerOf } from "./api.ts";
import { BanHistoryTable } from "./BanHistoryTable.tsx";

export function BanHistoryModal({
  ticket,
  opened,
  onClose,
}: {
  ticket: StaffTicket;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("bans");
  return (
    <Modal opened={opened} onClose={onClose} title={t("history")} size="xl" centered data-testid="ban-history">
      <BanHistoryTable owner={banOwnerOf(ticket)} enabled={opened} />
    </Modal>
  );
}
