/** ACTIVE / RESOLVED / CLOSED as a badge: the player's view of a ticket status. */
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TicketStatus } from "../../../../common/constants.ts";
import { playerStatusGroup, STATUS_COLOR, statusLabelKey } from "./ticketDisplay.ts";

export function StatusBadge({ status, size = "md" }: { status: TicketStatus; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation("edit");
  const group = playerStatusGroup(status);
  return (
    <Badge
      color={STATUS_COLOR[group]}
      variant="light"
      size={size}
      styles={{ root: { flexShrink: 0, maxWidth: "none", overflow: "visible" }, label: { overflow: "visible" } }}
      data-testid="ticket-status"
      data-status={group}
    >
      {t(statusLabelKey(group))}
    </Badge>
  );
}
