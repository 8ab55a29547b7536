/**
 * A player's bans (spec/2-staff-ticket-work.md §7 ban history): when, why, who, until when, and how it ended. Shown in
 * the ticket page's history dialog and on the player profile; `ticketLink` adds the ticket each
 * ban was issued from.
 */
import { Anchor, Badge, Center, Loader, ScrollArea, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BanLog } from "../../../../common/schemas/bans.ts";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { type BanOwner, banHistoryKey, fetchBanHistory } from "./api.ts";

function Ending({ log }: { log: BanLog }) {
  const { t } = useTranslation("bans");
  if (log.active) return <Badge color="red">{t("active")}</Badge>;
  if (log.ban_lift_timestamp === null) return <Text size="sm">-</Text>;
  const date = formatDateTime(log.ban_lift_timestamp);
  // An automatic lift has a sentence of its own: no word is pasted where a name goes.
  const text =
    log.ban_lifter_id === null ? t("lifted_auto", { date }) : t("lifted_by", { name: log.ban_lifter_name ?? "", date });
  return <Text size="sm">{text}</Text>;
}

interface BanHistoryTableProps {
  owner: BanOwner;
  /** Load only while shown (a closed dialog asks nothing). */
  enabled?: boolean;
  /** The link of a ban's ticket; no ticket column without it. */
  ticketLink?: (ticket: StaffTicket) => string;
}

export function BanHistoryTable({ owner, enabled = true, ticketLink }: BanHistoryTableProps) {
  const { t } = useTranslation("bans");
  const history = useQuery({ queryKey: banHistoryKey(owner), queryFn: () => fetchBanHistory(owner), enabled });
  const logs = history.data?.ban_logs ?? [];
  const tickets = new Map((history.data?.tickets_data ?? []).map((ticket) => [ticket.id, ticket]));
  if (history.isPending) {
    return (
      <Center p="md">
        <Loader />
      </Center>
    );
  }
  if (logs.length === 0) return <Text c="dimmed">{t("history_empty")}</Text>;
  return (
    <ScrollArea>
      <Table striped data-testid="ban-history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("columns.date")}</Table.Th>
            {ticketLink && <Table.Th>{t("columns.ticket")}</Table.Th>}
            <Table.Th>{t("columns.reason")}</Table.Th>
            <Table.Th>{t("columns.by")}</Table.Th>
            <Table.Th>{t("columns.until")}</Table.Th>
            {/* Room for the Active badge, which would otherwise be cut to "Acti…". */}
            <Table.Th miw={100}>{t("columns.state")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((log) => {
            const ticket = log.ticket_id === null ? undefined : tickets.get(log.ticket_id);
            return (
              <Table.Tr key={log.id} data-testid="ban-history-row">
                <Table.Td>{formatDateTime(log.timestamp)}</Table.Td>
                {ticketLink && (
                  <Table.Td>
                    {ticket ? (
                      <Anchor component={Link} to={ticketLink(ticket)} size="sm">
                        #{ticket.createdAt}
                      </Anchor>
                    ) : (
                      "-"
                    )}
                  </Table.Td>
                )}
                <Table.Td style={{ wordBreak: "break-word" }}>{log.reason}</Table.Td>
                <Table.Td>{log.banner_name}</Table.Td>
                <Table.Td>{log.until === -1 ? t("durations.perma") : formatDateTime(log.until)}</Table.Td>
                <Table.Td>
                  <Ending log={log} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
