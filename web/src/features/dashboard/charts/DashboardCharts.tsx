/**
 * The dashboard's statistics (spec/3-staff-administration.md §2.1, stats:view): the user overview (300x300), the open
 * tickets per category (500x250) and the ticket count over time. Loaded as its own chunk, with
 * chart.js, only for staff who may see it.
 */
import { Alert, SimpleGrid } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useUserStatsOverview } from "../api.ts";
import { ChartCard } from "../ChartCard.tsx";
import { CHART_HEIGHTS, ChartWaiting } from "../ChartWaiting.tsx";
import { DoughnutChart } from "./DoughnutChart.tsx";
import { TicketCountChart } from "./TicketCountChart.tsx";

export default function DashboardCharts() {
  const { t } = useTranslation("dashboard");
  const overview = useUserStatsOverview();
  const mine = overview.data?.user_stats;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartCard title={t("overview.user_title")} testId="user-overview">
          {overview.isError && <Alert color="red">{t("statistics.could_not_retrieve")}</Alert>}
          {overview.isPending && <ChartWaiting height={CHART_HEIGHTS.userOverview} />}
          {mine && (
            <DoughnutChart
              name={t("overview.user_title")}
              width={300}
              height={CHART_HEIGHTS.userOverview}
              items={[
                { label: t("overview.assigned_open"), count: mine.n_open },
                { label: t("overview.resolved_by_you"), count: mine.n_resolved },
                { label: t("overview.closed_by_you"), count: mine.n_closed },
              ]}
            />
          )}
        </ChartCard>
        <ChartCard title={t("statistics.tickets_overview")} testId="tickets-overview">
          {overview.isError && <Alert color="red">{t("statistics.could_not_retrieve")}</Alert>}
          {overview.isPending && <ChartWaiting height={CHART_HEIGHTS.ticketsOverview} />}
          {overview.data && (
            <DoughnutChart
              name={t("statistics.open_by_category")}
              width={500}
              height={CHART_HEIGHTS.ticketsOverview}
              items={overview.data.open_ticket_categories}
            />
          )}
        </ChartCard>
      </SimpleGrid>
      <ChartCard title={t("statistics.ticket_count")} testId="ticket-count">
        <TicketCountChart />
      </ChartCard>
    </>
  );
}
