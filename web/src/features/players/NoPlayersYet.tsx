/**
 * The player search of a help desk that has no players yet: where they come from (README, Game
 * accounts). Players do not sign up here; the game sends their accounts through the member API,
 * or an admin imports a list. Visitors who file a ticket without an account are no players.
 */
import { Button, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NoPlayersYet() {
  const { t } = useTranslation("players");
  return (
    <Stack align="center" p="xl" ta="center" gap="sm" data-testid="member-list-none">
      <Title order={4}>{t("none.title")}</Title>
      <Text c="dimmed" size="sm" maw={620}>
        {t("none.accounts")}
      </Text>
      <Text c="dimmed" size="sm" maw={620}>
        {t("none.visitors")}
      </Text>
      <Button component={Link} to="/admin/ticket" variant="light" size="xs">
        {t("none.tickets")}
      </Button>
    </Stack>
  );
}
