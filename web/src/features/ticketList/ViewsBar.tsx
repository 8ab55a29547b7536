/**
 * The views above the staff list (docs/decisions/views.md): Mine, Unassigned, Waiting on me and
 * All open, each with its live count, and the full search. The buttons wrap on a narrow screen.
 */
import { Badge, Button, Group } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { TICKET_VIEWS } from "../../../../common/schemas/ticketSearch.ts";
import { useTicketViews } from "./api.ts";
import type { ListView } from "./listState.ts";

interface ViewsBarProps {
  view: ListView;
  onChoose(view: ListView): void;
}

export function ViewsBar({ view, onChoose }: ViewsBarProps) {
  const { t } = useTranslation("ticketList");
  const views = useTicketViews();
  const counts = new Map(views.data?.map((entry) => [entry.key, entry.count]));
  return (
    <Group gap="xs" mb="md" role="group" aria-label={t("views.label")} data-testid="ticket-views">
      {TICKET_VIEWS.map((key) => {
        const active = view === key;
        const count = counts.get(key);
        return (
          <Button
            key={key}
            variant={active ? "filled" : "default"}
            size="sm"
            aria-pressed={active}
            onClick={() => onChoose(key)}
            rightSection={
              <Badge
                size="sm"
                circle={count !== undefined && count < 10}
                variant={active ? "white" : "light"}
                data-testid={`view-count-${key}`}
                data-count={count ?? ""}
              >
                {count ?? "…"}
              </Badge>
            }
            data-testid={`view-${key}`}
          >
            {t(`views.${key}`)}
          </Button>
        );
      })}
      <Button
        variant={view === "search" ? "filled" : "default"}
        size="sm"
        aria-pressed={view === "search"}
        leftSection={<IconSearch size={16} />}
        onClick={() => onChoose("search")}
        data-testid="view-search"
      >
        {t("views.search")}
      </Button>
    </Group>
  );
}
