/**
 * A rank with its own badge colour (spec/3-staff-administration.md §6): admin red, mod blue, dev teal, players gray.
 * The name is in sentence case, not Mantine's capitals, so "Administrateur" fits the column; a
 * name longer than the cell is cut with an ellipsis and shown whole in a tooltip.
 */
import { Badge, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Rank } from "../../../../common/permissions.ts";

export const RANK_COLORS: Record<Rank, string> = { admin: "red", mod: "blue", dev: "teal", user: "gray" };

export function RankBadge({ rank }: { rank: Rank }) {
  const { t } = useTranslation("users");
  const name = t(`ranks.${rank}`);
  return (
    <Tooltip label={name} withArrow openDelay={300}>
      <Badge color={RANK_COLORS[rank]} variant="light" tt="none" maw="100%" data-testid="rank-badge" data-rank={rank}>
        {name}
      </Badge>
    </Tooltip>
  );
}
