/**
 * The dashboard's statistics block (spec/3-staff-administration.md §2.1): shown with stats:view only; the charts and
 * chart.js load as a separate chunk once it is on screen (from an effect: an import started while
 * rendering went out before the dashboard's first render whenever that render waited on something
 * else, and 55 kB competed with it). Until then a placeholder of the same shape holds their place,
 * so that what sits below (the changelog) does not move under the pointer when they arrive.
 */
import { SimpleGrid, Stack } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../session/SessionContext.ts";
import { deferredModule } from "../../ui/deferred.ts";
import { ChartCard } from "./ChartCard.tsx";
import { CHART_HEIGHTS, ChartWaiting } from "./ChartWaiting.tsx";

const dashboardCharts = deferredModule(() => import("./charts/DashboardCharts.tsx"));

function ChartsPlaceholder() {
  const { t } = useTranslation("dashboard");
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartCard title={t("overview.user_title")}>
          <ChartWaiting height={CHART_HEIGHTS.userOverview} />
        </ChartCard>
        <ChartCard title={t("statistics.tickets_overview")}>
          <ChartWaiting height={CHART_HEIGHTS.ticketsOverview} />
        </ChartCard>
      </SimpleGrid>
      <ChartCard title={t("statistics.ticket_count")}>
        <ChartWaiting height={CHART_HEIGHTS.ticketCount} />
      </ChartCard>
    </>
  );
}

function StatsBlock() {
  const Charts = dashboardCharts.use();
  useEffect(() => {
    // A failed load is logged; the next visit of the dashboard asks again.
    dashboardCharts.load().catch((error: unknown) => console.error(error));
  }, []);
  return (
    <Stack gap="lg" data-testid="dashboard-stats">
      {Charts ? <Charts.default /> : <ChartsPlaceholder />}
    </Stack>
  );
}

export function DashboardStats() {
  const { can } = useSession();
  if (!can("stats:view")) return null;
  return <StatsBlock />;
}
