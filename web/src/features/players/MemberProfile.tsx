/**
 * The player profile (spec/3-staff-administration.md §2.3): name, e-mail, the ban and its end, the badge tier (one per 20
 * tickets), the ticket counts and the creation time of the longest-active ticket, the characters,
 * the tickets and the ban history. A ban is given on a ticket (spec/2-staff-ticket-work.md §7), so Ban and Unban
 * here act on the ticket the profile's abilities name (the newest on which the caller may, by the
 * ticket rule; docs/decisions/bans.md), and the page says which, or why there is none.
 */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { IconAward } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BADGE_TICKETS_PER_TIER } from "../../../../common/constants.ts";
import type { GetMemberInformationResponse, PlayerBanAbilities } from "../../../../common/schemas/playerAdmin.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { banHistoryKey } from "../bans/api.ts";
import { BanHistoryTable } from "../bans/BanHistoryTable.tsx";
import { BanToggle } from "../bans/BanToggle.tsx";
import { ticketEditPath } from "../ticketList/TicketTable.tsx";
import { playerKeys, useRefreshAfterBan } from "./api.ts";
import { BanState } from "./BanState.tsx";
import { MemberTickets } from "./MemberTickets.tsx";
import { badgeTier } from "./memberSearch.ts";
import { usePlayerLive } from "./usePlayerLive.ts";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Count({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** Which ticket a ban or unban from the profile is recorded on, or why the caller may give neither. */
function BanTicketLine({ abilities }: { abilities: PlayerBanAbilities }) {
  const { t } = useTranslation("players");
  const target = abilities.ban ?? abilities.unban;
  if (abilities.refusal) {
    return (
      <Text size="sm" c="dimmed" mb="sm" data-testid="profile-ban-refusal" data-refusal={abilities.refusal}>
        {t(`profile.ban_refusal.${abilities.refusal}`)}
      </Text>
    );
  }
  if (!target) return null;
  const link = { id: target.ticket_id, email: target.email, createdAt: target.createdAt };
  return (
    <Text size="sm" c="dimmed" mb="sm" data-testid="profile-ban-ticket">
      {t("profile.ban_on_ticket")}{" "}
      <Anchor
        component={Link}
        to={ticketEditPath(link)}
        size="sm"
        underline="always"
        dir="ltr"
        data-testid="profile-ban-ticket-link"
      >
        #{target.createdAt}
      </Anchor>
    </Text>
  );
}

export function MemberProfile({ information }: { information: GetMemberInformationResponse }) {
  const { t } = useTranslation("players");
  const queryClient = useQueryClient();
  const refreshAfterBan = useRefreshAfterBan();
  const { member, tickets, abilities } = information;
  const tier = badgeTier(member.n_tickets);
  const memberId = member.id;
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: playerKeys.information(memberId) });
    void queryClient.invalidateQueries({ queryKey: banHistoryKey({ memberId }) });
  }, [queryClient, memberId]);
  usePlayerLive(
    tickets.map((ticket) => ticket.id),
    refresh,
  );
  const ban = abilities.ban && { id: abilities.ban.ticket_id, type: "normal" as const };
  const unban = abilities.unban && { id: abilities.unban.ticket_id, type: "normal" as const };
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" data-testid="member-profile">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} data-testid="member-name">
              <bdi>{member.name}</bdi>
            </Title>
            <Text c="dimmed" dir="ltr" ta="start" style={{ wordBreak: "break-all" }} data-testid="member-email">
              {member.email}
            </Text>
          </Stack>
          <Group gap="xs">
            <Tooltip label={t("profile.tier_hint", { count: BADGE_TICKETS_PER_TIER })} withArrow>
              <Badge size="lg" variant="light" leftSection={<IconAward size={16} />} data-testid="member-tier">
                {t("profile.tier", { tier })}
              </Badge>
            </Tooltip>
            <BanState banned={member.banned} until={member.banned_until} />
            <BanToggle
              name={member.name}
              banned={member.banned}
              ban={ban}
              unban={unban}
              onChanged={(ticket) => refreshAfterBan(ticket.id)}
              testIdPrefix="profile-"
              size="xs"
            />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" mt="md">
          <Count label={t("profile.active")} value={member.n_active_tickets} testId="count-active" />
          <Count label={t("profile.resolved")} value={member.n_resolved_tickets} testId="count-resolved" />
          <Count label={t("profile.closed")} value={member.n_closed_tickets} testId="count-closed" />
          <Count label={t("profile.total")} value={member.n_tickets} testId="count-total" />
          <Count
            label={t("profile.longest_active")}
            value={
              <Text span size="md" fw={700}>
                {member.longest_active_createdAt === null ? "-" : formatDateTime(member.longest_active_createdAt)}
              </Text>
            }
            testId="count-longest-active"
          />
        </SimpleGrid>
      </Paper>

      <Section title={t("profile.characters")} testId="member-characters">
        {member.characters.length === 0 ? (
          <Text c="dimmed">{t("profile.no_characters")}</Text>
        ) : (
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("characters.name")}</Table.Th>
                <Table.Th>{t("characters.level")}</Table.Th>
                <Table.Th>{t("characters.server")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {member.characters.map((c) => (
                <Table.Tr key={`${c.server_id}-${c.characterName}`} data-testid="member-character-row">
                  <Table.Td>
                    <bdi>{c.characterName}</bdi>
                  </Table.Td>
                  <Table.Td>{c.characterLevel}</Table.Td>
                  <Table.Td>
                    <bdi>{c.server}</bdi>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      <Section title={t("profile.tickets")} testId="member-tickets-section">
        <MemberTickets tickets={tickets} />
      </Section>

      <Section title={t("profile.ban_history")} testId="member-ban-history">
        <BanTicketLine abilities={abilities} />
        <BanHistoryTable owner={{ memberId: member.id }} ticketLink={ticketEditPath} />
      </Section>
    </Stack>
  );
}
