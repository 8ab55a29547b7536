/**
 * The traffic cop's question (trafficCop.ts): the ticket changed after the employee started this
 * reply; send it anyway, or go back and review first (the reply stays in the box).
 */
import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { statusLabelKey } from "../tickets/ticketDisplay.ts";
import type { TicketChanges } from "./trafficCop.ts";

interface Props {
  changes: TicketChanges | null;
  /** The name of an employee by id; null is nobody. */
  personName(id: number | null): string;
  onAnswer(send: boolean): void;
}

export function TrafficCopModal({ changes, personName, onAnswer }: Props) {
  const { t } = useTranslation("ticketPage");
  return (
    <Modal
      opened={changes !== null}
      onClose={() => onAnswer(false)}
      title={t("traffic_cop.title")}
      centered
      data-testid="traffic-cop-modal"
    >
      {changes && (
        <Stack>
          <Text size="sm">{t("traffic_cop.intro")}</Text>
          <List size="sm" spacing={4}>
            {changes.senders.length > 0 && (
              <List.Item data-testid="traffic-cop-messages">
                {t("traffic_cop.messages", { names: changes.senders.join(", ") })}
              </List.Item>
            )}
            {changes.status && (
              <List.Item data-testid="traffic-cop-status">
                {t("traffic_cop.status", {
                  from: t(statusLabelKey(changes.status.from)),
                  to: t(statusLabelKey(changes.status.to)),
                })}
              </List.Item>
            )}
            {changes.assignee && (
              <List.Item data-testid="traffic-cop-assignee">
                {t("traffic_cop.assignee", {
                  from: personName(changes.assignee.from),
                  to: personName(changes.assignee.to),
                })}
              </List.Item>
            )}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onAnswer(false)} data-testid="traffic-cop-review">
              {t("traffic_cop.review")}
            </Button>
            <Button color="orange" onClick={() => onAnswer(true)} data-testid="traffic-cop-send">
              {t("traffic_cop.send_anyway")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
