/** The count of a ticket's unread staff replies, beside its reference; nothing when all are read. */
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation("edit");
  if (count <= 0) return null;
  const label = t("signals.unread", { count });
  return (
    <Badge
      color="red"
      variant="filled"
      size="sm"
      circle={count < 10}
      aria-label={label}
      title={label}
      data-testid="unread-badge"
    >
      {count}
    </Badge>
  );
}
