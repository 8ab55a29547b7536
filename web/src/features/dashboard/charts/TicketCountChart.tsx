/** Ticket volume per period (spec 3 §2.1 'Ticket Count'): one line, y axis Tickets in whole numbers from zero. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_STATS_RANGE, type StatsRange } from "../../../../../common/schemas/stats.ts";
import { useTicketsOverTime } from "../api.ts";
import { PALETTE } from "../series.ts";
import { OverTimeChart } from "./OverTimeChart.tsx";

export function TicketCountChart() {
  const { t } = useTranslation("dashboard");
  const [range, setRange] = useState<StatsRange>(DEFAULT_STATS_RANGE);
  const query = useTicketsOverTime(range);
  const values = query.data?.datasets[range] ?? {};
  return (
    <OverTimeChart
      name={t("statistics.ticket_count")}
      range={range}
      onRange={setRange}
      series={query.data && { newest: query.data.newest, time_zone: query.data.time_zone, values }}
      loading={query.isPending}
      failed={query.isError}
      yTitle={t("charts.tickets")}
      integers
      lines={(keys) => [
        {
          label: t("charts.tickets"),
          data: keys.map((k) => values[k] ?? 0),
          borderColor: PALETTE[3],
          backgroundColor: PALETTE[3],
        },
      ]}
    />
  );
}
