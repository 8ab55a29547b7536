/**
 * Who has the ticket and what may be done with it (spec/2-staff-ticket-work.md §2, §4, §6): the
 * assignee header with the player's view, the hold's wake-up time, and the status actions with ban
 * or unban and the ban history, each enabled as the ticket's abilities say, with the refusal's
 * reason on hover when it is not; the retain toggle while the ticket has files.
 */
import { Button, Group, Paper, Stack, Switch, Text } from "@mantine/core";
import { IconAlarm } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ENDED_STATUSES } from "../../../../common/constants.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { RefusalTooltip } from "../../ui/RefusalTooltip.tsx";
import { BanButton } from "../bans/BanButton.tsx";
import { AssigneeHeader } from "./AssigneeHeader.tsx";
import type { StaffTicketFull } from "./api.ts";

/** The dialogs the action buttons open. */
export type ActionDialog = "assign" | "hold" | "complete" | "reopen";

interface TicketStatusCardProps {
  ticket: StaffTicketFull;
  /** The assignee's name; null when nobody has the ticket. */
  assignee: string | null;
  playerLink: string;
  onOpen(dialog: ActionDialog): void;
  onAssignToMe(): void;
  onRetain(retain: boolean): void;
  /** After a ban or unban: the page reads the ticket again. */
  onBanChanged(): void;
}

export function TicketStatusCard({
  ticket,
  assignee,
  playerLink,
  onOpen,
  onAssignToMe,
  onRetain,
  onBanChanged,
}: TicketStatusCardProps) {
  const { t } = useTranslation("ticketPage");
  const { abilities } = ticket;
  const ended = ENDED_STATUSES.includes(ticket.status);
  return (
    <Paper withBorder radius="md" p="md" data-testid="ticket-status-card">
      <Stack gap="sm">
        <AssigneeHeader name={assignee} playerLink={playerLink} />
        {ticket.status === "ON HOLD" && ticket.hold_until !== null && (
          <Group gap={6} wrap="nowrap" data-testid="hold-until">
            <IconAlarm size={16} color="var(--mantine-color-orange-6)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{t("hold.wakes_at", { time: formatDateTime(ticket.hold_until) })}</Text>
          </Group>
        )}
        <Group gap="xs" wrap="wrap" data-testid="ticket-actions">
          <RefusalTooltip code={abilities.refusals.assign}>
            <Button
              variant="light"
              disabled={!abilities.assign}
              onClick={() => onOpen("assign")}
              data-testid="action-assign"
            >
              {t("actions.assign")}
            </Button>
          </RefusalTooltip>
          {abilities.assign_self && (
            <Button variant="light" color="teal" onClick={onAssignToMe} data-testid="action-assign-me">
              {t("actions.assign_to_me")}
            </Button>
          )}
          <RefusalTooltip code={abilities.refusals.hold}>
            <Button
              variant="light"
              color="orange"
              disabled={!abilities.hold}
              onClick={() => onOpen("hold")}
              data-testid="action-hold"
            >
              {t("actions.hold")}
            </Button>
          </RefusalTooltip>
          <RefusalTooltip code={abilities.refusals.complete}>
            <Button
              variant="light"
              color="green"
              disabled={!abilities.complete}
              onClick={() => onOpen("complete")}
              data-testid="action-fast-complete"
            >
              {t("actions.fast_complete")}
            </Button>
          </RefusalTooltip>
          {ended && (
            <RefusalTooltip code={abilities.refusals.reopen}>
              <Button
                variant="light"
                color="blue"
                disabled={!abilities.reopen}
                onClick={() => onOpen("reopen")}
                data-testid="action-reopen"
              >
                {t("actions.reopen")}
              </Button>
            </RefusalTooltip>
          )}
          <BanButton ticket={ticket} onChanged={onBanChanged} />
        </Group>
        {!ticket.clean && (
          <Switch
            checked={ticket.retain_attachments}
            onChange={(e) => onRetain(e.currentTarget.checked)}
            label={t("actions.retain")}
            description={t("actions.retain_hint")}
            data-testid="retain-toggle"
          />
        )}
      </Stack>
    </Paper>
  );
}
