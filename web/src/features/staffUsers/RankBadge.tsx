/** A rank with its own badge colour (spec/3-staff-administration.md §6): admin red, mod blue, dev teal, players gray. */
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Rank } from "../../../../common/permissions.ts";

export const RANK_COLORS: Record<Rank, string> = { admin: "red", mod: "blue", dev: "teal", user: "gray" };

export function RankBadge({ rank }: { rank: Rank }) {
  const { t } = useTranslation("users");
  return (
    <Badge
      color={RANK_COLORS[rank]}
      variant="light"
      style={{ minWidth: "max-content" }}
      data-testid="rank-badge"
      data-rank={rank}
    >
      {t(`ranks.${rank}`)}
    </Badge>
  );
}
