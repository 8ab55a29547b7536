/**
 * A ticket's exact status as staff see it (spec/2-staff-ticket-work.md §4). The player's StatusBadge folds the open
 * statuses into ACTIVE; staff work by the exact one, so this badge names it, in the same colours.
 */
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TicketStatus } from "../../../../common/constants.ts";
import { playerStatusGroup, STATUS_COLOR, statusLabelKey } from "../tickets/ticketDisplay.ts";

const OPEN_COLOR: Partial<Record<TicketStatus, string>> = {
  "NEW TICKET": "blue",
  "WAITING DEV": "orange",
  "ON HOLD": "grape",
  REPLIED: "teal",
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation("ticketList");
  return (
    <Badge
      color={OPEN_COLOR[status] ?? STATUS_COLOR[playerStatusGroup(status)]}
      variant="light"
      size="sm"
      styles={{ root: { flexShrink: 0, maxWidth: "none", overflow: "visible" }, label: { overflow: "visible" } }}
      data-testid="ticket-status"
      data-status={status}
    >
      {t(statusLabelKey(status))}
    </Badge>
  );
}
