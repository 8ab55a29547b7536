/**
 * The player beside a staff ticket: who filed it (the name opens a member's profile), their
 * e-mail, their ban (until when, why) with Ban or Unban as the ticket's abilities allow, and for a
 * member their characters and latest other tickets, read from the profile's own call. Compact
 * enough for a narrow right-hand column. A visitor has no account: no profile, no characters, and
 * a ban that follows their e-mail (docs/decisions/bans.md).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  type PaperProps,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BanLog } from "../../../../common/schemas/bans.ts";
import type { TicketPlayer } from "../../../../common/schemas/staffTickets.ts";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { useSession } from "../../session/SessionContext.ts";
import { BAN_HISTORY_KEY, banHistoryKey, banOwnerOf, fetchBanHistory } from "../bans/api.ts";
import { TicketBanToggle } from "../bans/BanButton.tsx";
import { TicketStatusBadge } from "../ticketList/TicketStatusBadge.tsx";
import { ticketEditPath } from "../ticketList/TicketTable.tsx";
import { fetchMemberInformation, type GetMemberInformationResponse, playerKeys, useRefreshAfterBan } from "./api.ts";
import { BanState } from "./BanState.tsx";
import { memberProfilePath } from "./MemberTable.tsx";
import { usePlayerLive } from "./usePlayerLive.ts";

/** How many of the player's other tickets the panel lists; the profile has them all. */
const RECENT_TICKETS = 5;

/** The ticket and its player as the staff ticket page has them; the rest places the panel (margins). */
interface Props extends Omit<PaperProps, "children"> {
  ticket: StaffTicket;
  player: TicketPlayer;
}

export function PlayerPanel({ ticket, player, ...paper }: Props) {
  const { t } = useTranslation("players");
  const { can } = useSession();
  const queryClient = useQueryClient();
  const refreshAfterBan = useRefreshAfterBan();
  const member = player.type !== "temp";
  const mayView = can("members:view");
  const owner = banOwnerOf(ticket);
  const historyKey = banHistoryKey(owner);
  const historyId = historyKey[1];

  const information = useQuery({
    queryKey: playerKeys.information(player.id),
    queryFn: () => fetchMemberInformation(player.id),
    enabled: member && mayView,
    retry: false,
  });
  const history = useQuery({ queryKey: historyKey, queryFn: () => fetchBanHistory(owner) });

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: playerKeys.information(player.id) });
    void queryClient.invalidateQueries({ queryKey: [...BAN_HISTORY_KEY, historyId] });
  }, [queryClient, player.id, historyId]);
  // The ticket page reads its ticket again on every ping, so a ban given elsewhere flips its flag:
  // the ban's end and reason are read again then.
  const banned = ticket.banned;
  const shownBanned = useRef(banned);
  useEffect(() => {
    if (shownBanned.current === banned) return;
    shownBanned.current = banned;
    refresh();
  }, [banned, refresh]);
  // The other tickets' statuses move with pings of their own.
  usePlayerLive(
    (information.data?.tickets ?? []).filter((other) => other.id !== ticket.id).map((other) => other.id),
    refresh,
  );

  const active = history.data?.ban_logs.find((log) => log.active);
  const name = <bdi>{player.name}</bdi>;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="player-panel"
      component="section"
      aria-labelledby="player-panel-title"
      {...paper}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" id="player-panel-title">
              {t("panel.title")}
            </Text>
            <Title order={4} style={{ overflowWrap: "anywhere" }}>
              {member && mayView ? (
                <Anchor component={Link} to={memberProfilePath(player.id)} inherit data-testid="player-panel-name">
                  {name}
                </Anchor>
              ) : (
                <span data-testid="player-panel-name">{name}</span>
              )}
            </Title>
            <Text
              size="sm"
              c="dimmed"
              dir="ltr"
              ta="start"
              style={{ wordBreak: "break-all" }}
              data-testid="player-panel-email"
            >
              {player.email}
            </Text>
          </Stack>
          {!member && (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }} data-testid="player-panel-visitor">
              {t("panel.visitor")}
            </Badge>
          )}
        </Group>

        <Stack gap={6} data-testid="player-panel-ban">
          <Group justify="space-between" gap="xs">
            <PanelBanState banned={ticket.banned} active={active} loading={history.isPending} />
            <TicketBanToggle
              ticket={ticket}
              onChanged={() => refreshAfterBan(ticket.id)}
              testIdPrefix="player-panel-"
              size="xs"
            />
          </Group>
          {ticket.banned && active && (
            <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="player-panel-ban-reason">
              {t("ban.reason", { reason: active.reason })}
            </Text>
          )}
        </Stack>

        {!member && (
          <Text size="sm" c="dimmed">
            {t("panel.visitor_hint")}
          </Text>
        )}
        {member && !mayView && (
          <Text size="sm" c="dimmed" data-testid="player-panel-no-access">
            {t("panel.no_access")}
          </Text>
        )}
        {member && mayView && (
          <MemberDetails
            ticketId={ticket.id}
            memberId={player.id}
            data={information.data}
            failed={information.isError}
            onRetry={() => void information.refetch()}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The ban as the panel shows it: the ticket's flag, with the end of the ban log that holds. */
function PanelBanState({ banned, active, loading }: { banned: boolean; active: BanLog | undefined; loading: boolean }) {
  const { t } = useTranslation("players");
  if (banned && !active) {
    if (loading) return <Loader size="xs" />;
    return (
      <Badge color="red" variant="light" data-testid="ban-state" data-banned="true" style={{ textTransform: "none" }}>
        {t("ban.banned")}
      </Badge>
    );
  }
  return <BanState banned={banned} until={active?.until ?? 0} />;
}

function MemberDetails({
  ticketId,
  memberId,
  data,
  failed,
  onRetry,
}: {
  ticketId: number;
  memberId: number;
  data: GetMemberInformationResponse | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation("players");
  if (failed) {
    return (
      <Alert color="red" variant="light" p="xs" data-testid="player-panel-error">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{t("panel.error")}</Text>
          <Button size="compact-sm" variant="default" onClick={onRetry}>
            {t("panel.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!data) {
    return (
      <Center p="sm" role="status" aria-label={t("loading", { ns: "common" })} data-testid="player-panel-loader">
        <Loader size="sm" />
      </Center>
    );
  }
  const { member, tickets } = data;
  const others = tickets.filter((t) => t.id !== ticketId).slice(0, RECENT_TICKETS);
  return (
    <>
      <Divider />
      <Stack gap={4} data-testid="player-panel-characters">
        <Title order={5}>{t("profile.characters")}</Title>
        {member.characters.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("profile.no_characters")}
          </Text>
        ) : (
          <Table fz="sm" verticalSpacing={4} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("characters.name")}</Table.Th>
                <Table.Th>{t("characters.level")}</Table.Th>
                <Table.Th>{t("characters.server")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {member.characters.map((c) => (
                <Table.Tr key={`${c.server_id}-${c.characterName}`} data-testid="player-panel-character">
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    <bdi>{c.characterName}</bdi>
                  </Table.Td>
                  <Table.Td>{c.characterLevel}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    <bdi>{c.server}</bdi>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Divider />
      <Stack gap={6} data-testid="player-panel-tickets">
        <Title order={5}>{t("panel.recent_tickets")}</Title>
        {others.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("panel.no_other_tickets")}
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
            {others.map((other) => (
              <li key={other.id} data-testid="player-panel-ticket">
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Anchor
                    component={Link}
                    to={ticketEditPath(other)}
                    size="sm"
                    fw={600}
                    data-testid="player-panel-ticket-link"
                  >
                    #{other.createdAt}
                  </Anchor>
                  <TicketStatusBadge status={other.status} />
                </Group>
                <Text size="sm" c="dimmed" lineClamp={1} dir="auto" title={other.subject}>
                  {other.subject}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <Anchor component={Link} to={memberProfilePath(memberId)} size="sm" data-testid="player-panel-all-tickets">
          {t("panel.all_tickets", { total: member.n_tickets })}
        </Anchor>
      </Stack>
    </>
  );
}
