/** The header line of the ticket page: who has the ticket ('Not Assigned'), and the player's own view. */
import { Anchor, Group, Text, Title } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function AssigneeHeader({ name, playerLink }: { name: string | null; playerLink: string }) {
  const { t } = useTranslation("ticketPage");
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Title order={4} data-testid="ticket-assignee">
        {name ? t("assigned_to", { name }) : t("not_assigned")}
      </Title>
      <Anchor component={Link} to={playerLink} target="_blank" data-testid="player-view-link">
        <Group gap={4} wrap="nowrap">
          <IconExternalLink size={16} />
          <Text span size="sm">
            {t("player_view")}
          </Text>
        </Group>
      </Anchor>
    </Group>
  );
}
