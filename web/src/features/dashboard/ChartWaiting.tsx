/** A chart's place while it loads: its drawn height, so that nothing below it moves when it arrives. */
import { Center, Loader } from "@mantine/core";

/** The drawn charts' heights (charts/DashboardCharts.tsx, charts/OverTimeChart.tsx). */
export const CHART_HEIGHTS = {
  userOverview: 300,
  ticketsOverview: 250,
  /** The range buttons (30) and the gap (10) above the 300 px line chart. */
  ticketCount: 340,
} as const;

export function ChartWaiting({ height }: { height: number }) {
  return (
    <Center h={height}>
      <Loader size="sm" />
    </Center>
  );
}
