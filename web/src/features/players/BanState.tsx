/** A player's ban at a glance: not banned, banned until a time, or banned for good (spec/3-staff-administration.md §3 banned_until). */
import { Badge, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../ui/formatDate.ts";

export function BanState({ banned, until }: { banned: boolean; until: number }) {
  const { t } = useTranslation("players");
  if (!banned) {
    return (
      <Text size="sm" c="dimmed" span data-testid="ban-state" data-banned="false">
        {t("ban.none")}
      </Text>
    );
  }
  return (
    <Badge color="red" variant="light" data-testid="ban-state" data-banned="true" style={{ textTransform: "none" }}>
      {until === -1 ? t("ban.forever") : t("ban.until", { date: formatDateTime(until) })}
    </Badge>
  );
}
