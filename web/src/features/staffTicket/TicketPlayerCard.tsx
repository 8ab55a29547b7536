/**
 * The ticket's player in the details pane: who they are, and ban / unban with the ban history
 * (BanButton, as the ticket's abilities allow). The player panel of features/players, with the
 * profile link, characters and earlier tickets, takes this card's place.
 */
import { Avatar, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TicketPlayer } from "../../../../common/schemas/staffTickets.ts";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { BanButton } from "../bans/BanButton.tsx";

interface TicketPlayerCardProps {
  ticket: StaffTicket;
  player: TicketPlayer;
  /** After a ban or unban: the page reads the ticket again. */
  onBanChanged(): void;
}

export function TicketPlayerCard({ ticket, player, onBanChanged }: TicketPlayerCardProps) {
  const { t } = useTranslation("ticketPage");
  return (
    <Paper withBorder radius="md" p="md" data-testid="ticket-player">
      <Stack gap="sm">
        <Title order={4}>{t("info.player")}</Title>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={player.avatar || null} size={32} radius="xl" color="blue" alt="">
            {player.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Text fw={500} dir="auto" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
            {player.name}
          </Text>
        </Group>
        <BanButton ticket={ticket} onChanged={onBanChanged} />
      </Stack>
    </Paper>
  );
}
