/**
 * First-reply delay per period (spec/3-staff-administration.md §2.1 'Ticket First Reply Delay'): Mean and Median in
 * minutes with a legend; a period without a first reply is a gap, not a zero.
 */
import { useTranslation } from "react-i18next";
import { useFirstReplyDelay } from "../api.ts";
import { PALETTE } from "../series.ts";
import { OverTimeChart } from "./OverTimeChart.tsx";

const LINES = [
  { key: "charts.mean", colour: PALETTE[1] },
  { key: "charts.median", colour: PALETTE[6] },
] as const;

export function FirstReplyDelayChart() {
  const { t } = useTranslation("dashboard");
  return (
    <OverTimeChart
      name={t("statistics.first_reply_delay")}
      useSeries={useFirstReplyDelay}
      yTitle={t("charts.minutes")}
      showLegend
      lines={(keys, values) =>
        LINES.map((line, i) => ({
          label: t(line.key),
          data: keys.map((k) => values[k]?.[i] ?? null),
          borderColor: line.colour,
          backgroundColor: line.colour,
        }))
      }
    />
  );
}
