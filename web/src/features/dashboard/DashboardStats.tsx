/**
 * The dashboard's statistics block (spec 3 §2.1): shown with stats:view only; the charts and
 * chart.js load as a separate chunk once it is shown.
 */
import { Center, Loader, Stack } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useSession } from "../../session/SessionContext.ts";

const DashboardCharts = lazy(() => import("./charts/DashboardCharts.tsx"));

export function DashboardStats() {
  const { can } = useSession();
  if (!can("stats:view")) return null;
  return (
    <Stack gap="lg" data-testid="dashboard-stats">
      <Suspense
        fallback={
          <Center h={120}>
            <Loader size="sm" />
          </Center>
        }
      >
        <DashboardCharts />
      </Suspense>
    </Stack>
  );
}
