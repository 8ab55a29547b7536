/**
 * First-reply delay per period (spec 3 §2.1 'Ticket First Reply Delay'): Mean and Median in
 * minutes with a legend; a period without a first reply is a gap, not a zero.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_STATS_RANGE, type StatsRange } from "../../../../../common/schemas/stats.ts";
import { useFirstReplyDelay } from "../api.ts";
import { PALETTE } from "../series.ts";
import { OverTimeChart } from "./OverTimeChart.tsx";

export function FirstReplyDelayChart() {
  const { t } = useTranslation("dashboard");
  const [range, setRange] = useState<StatsRange>(DEFAULT_STATS_RANGE);
  const query = useFirstReplyDelay(range);
  const values = query.data?.datasets[range] ?? {};
  return (
    <OverTimeChart
      name={t("statistics.first_reply_delay")}
      range={range}
      onRange={setRange}
      series={query.data && { newest: query.data.newest, time_zone: query.data.time_zone, values }}
      loading={query.isPending}
      failed={query.isError}
      yTitle={t("charts.minutes")}
      showLegend
      lines={(keys) =>
        (["mean", "median"] as const).map((which, i) => ({
          label: t(`charts.${which}`),
          data: keys.map((k) => values[k]?.[i] ?? null),
          borderColor: PALETTE[i === 0 ? 1 : 6],
          backgroundColor: PALETTE[i === 0 ? 1 : 6],
        }))
      }
    />
  );
}
