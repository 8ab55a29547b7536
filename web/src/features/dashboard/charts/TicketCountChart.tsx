/** Ticket volume per period (spec/3-staff-administration.md §2.1 'Ticket Count'): one line, y axis Tickets in whole numbers from zero. */
import { useTranslation } from "react-i18next";
import { useTicketsOverTime } from "../api.ts";
import { PALETTE } from "../series.ts";
import { OverTimeChart } from "./OverTimeChart.tsx";

export function TicketCountChart() {
  const { t } = useTranslation("dashboard");
  return (
    <OverTimeChart
      name={t("statistics.ticket_count")}
      useSeries={useTicketsOverTime}
      yTitle={t("charts.tickets")}
      integers
      lines={(keys, values) => [
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
