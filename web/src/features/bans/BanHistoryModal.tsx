/** A player's bans (spec 2 §7 ban history): when, why, who, until when, and how it ended. */
import { Badge, Center, Loader, Modal, ScrollArea, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { BanLog } from "../../../../common/schemas/bans.ts";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { fetchBanHistory } from "./api.ts";

function Ending({ log }: { log: BanLog }) {
  const { t } = useTranslation("bans");
  if (log.active) return <Badge color="red">{t("active")}</Badge>;
  if (log.ban_lift_timestamp === null) return <Text size="sm">-</Text>;
  const by = log.ban_lifter_id === null ? t("lifted_auto") : (log.ban_lifter_name ?? "");
  return <Text size="sm">{t("lifted_by", { name: by, date: formatDateTime(log.ban_lift_timestamp) })}</Text>;
}

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
  const history = useQuery({
    queryKey: ["ban-history", ticket.type, ticket.type === "temp" ? ticket.email : ticket.user_id],
    queryFn: () => fetchBanHistory(ticket),
    enabled: opened,
  });
  const logs = history.data?.ban_logs ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t("history")} size="xl" centered data-testid="ban-history">
      {history.isPending ? (
        <Center p="md">
          <Loader />
        </Center>
      ) : logs.length === 0 ? (
        <Text c="dimmed">{t("history_empty")}</Text>
      ) : (
        <ScrollArea>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("columns.date")}</Table.Th>
                <Table.Th>{t("columns.reason")}</Table.Th>
                <Table.Th>{t("columns.by")}</Table.Th>
                <Table.Th>{t("columns.until")}</Table.Th>
                <Table.Th>{t("columns.state")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {logs.map((log) => (
                <Table.Tr key={log.id}>
                  <Table.Td>{formatDateTime(log.timestamp)}</Table.Td>
                  <Table.Td style={{ wordBreak: "break-word" }}>{log.reason}</Table.Td>
                  <Table.Td>{log.banner_name}</Table.Td>
                  <Table.Td>{log.until === -1 ? t("durations.perma") : formatDateTime(log.until)}</Table.Td>
                  <Table.Td>
                    <Ending log={log} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
