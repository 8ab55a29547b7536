/**
 * The statistics page's sections (spec/3-staff-administration.md §2.1, stats:page_view): 'Tickets Overview' (the totals
 * and the open tickets per category and status), 'Ticket Count' and 'Ticket First Reply Delay'.
 */
import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../ui/intlLocale.ts";
import { statusLabelKey } from "../tickets/ticketDisplay.ts";
import { useTicketStats, useUserStatsOverview } from "./api.ts";
import { ChartCard } from "./ChartCard.tsx";
import { DoughnutChart } from "./charts/DoughnutChart.tsx";
import { FirstReplyDelayChart } from "./charts/FirstReplyDelayChart.tsx";
import { TicketCountChart } from "./charts/TicketCountChart.tsx";

const FIGURES = ["n_open", "n_resolved", "n_closed", "n_total"] as const;
const FIGURE_LABEL = {
  n_open: "statistics.open",
  n_resolved: "statistics.resolved",
  n_closed: "statistics.closed",
  n_total: "statistics.total",
} as const;

export function StatisticsSections() {
  const { t, i18n } = useTranslation(["dashboard", "ticketList"]);
  const totals = useTicketStats();
  const open = useUserStatsOverview();
  const failed = totals.isError || open.isError;
  return (
    <Stack gap="lg">
      <ChartCard title={t("statistics.tickets_overview")} testId="stats-tickets-overview">
        {failed && (
          <Alert color="red" variant="light" data-testid="stats-error">
            {t("statistics.could_not_retrieve")}
          </Alert>
        )}
        {(totals.isPending || open.isPending) && !failed && <Loader size="sm" />}
        {totals.data && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {FIGURES.map((key) => (
              <Paper key={key} withBorder p="sm" radius="md" data-testid={`figure-${key}`}>
                <Text size="xs" c="dimmed" tt="uppercase">
                  {t(FIGURE_LABEL[key])}
                </Text>
                <Text fz={26} fw={700}>
                  {formatCount(totals.data.ticket_stats[key], i18n.language)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        {open.data && (
          <Group align="flex-start" gap="lg" wrap="wrap">
            {[
              { title: t("statistics.open_by_category"), items: open.data.open_ticket_categories },
              {
                title: t("statistics.open_by_status"),
                items: open.data.open_ticket_statuses.map((s) => ({
                  label: t(statusLabelKey(s.label)),
                  count: s.count,
                })),
              },
            ].map(({ title, items }) => (
              <Stack key={title} gap={4} style={{ flex: "1 1 320px" }} maw={500}>
                <Text fw={600} size="sm">
                  {title}
                </Text>
                <DoughnutChart name={title} width={500} height={250} items={items} />
              </Stack>
            ))}
          </Group>
        )}
      </ChartCard>
      <ChartCard title={t("statistics.ticket_count")} testId="stats-ticket-count">
        <TicketCountChart />
      </ChartCard>
      <ChartCard title={t("statistics.first_reply_delay")} testId="stats-first-reply">
        <FirstReplyDelayChart />
      </ChartCard>
    </Stack>
  );
}
