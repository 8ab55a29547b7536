/**
 * A doughnut of ticket counts (spec/3-staff-administration.md §2.1): the 12-colour palette unless a colour map is given,
 * the legend at the end side, a tooltip reading '{count} tickets' in the reader's plural form.
 */
import { Box, Center, Text } from "@mantine/core";
import { Doughnut } from "react-chartjs-2";
import { useTranslation } from "react-i18next";
import type { TicketCountItem } from "../../../../../common/schemas/stats.ts";
import { intlLocale } from "../../../ui/intlLocale.ts";
import { paletteColours } from "../series.ts";
import { useChartTheme } from "./chartSetup.ts";

interface DoughnutChartProps {
  items: readonly Pick<TicketCountItem, "label" | "count">[];
  width: number;
  height: number;
  /** Names the chart for screen readers and tests. */
  name: string;
  colourMap?: Record<string, string>;
}

export function DoughnutChart({ items, width, height, name, colourMap }: DoughnutChartProps) {
  const { t, i18n } = useTranslation("dashboard");
  const theme = useChartTheme();
  const labels = items.map((i) => i.label);
  const total = items.reduce((sum, i) => sum + i.count, 0);
  return (
    <Box
      w="100%"
      maw={width}
      h={height}
      pos="relative"
      data-testid="doughnut-chart"
      data-chart={name}
      data-legend={JSON.stringify(labels)}
      data-text-color={theme.text}
    >
      {total === 0 ? (
        <Center h="100%">
          <Text c="dimmed" size="sm">
            {t("charts.no_data")}
          </Text>
        </Center>
      ) : (
        <Doughnut
          aria-label={`${name}: ${items.map((i) => `${i.label} ${i.count}`).join(", ")}`}
          role="img"
          data={{
            labels,
            datasets: [
              { data: items.map((i) => i.count), backgroundColor: paletteColours(items.length, colourMap, labels) },
            ],
          }}
          options={{
            // Tooltip figures in the interface language (Chart.js would take the browser's).
            locale: intlLocale(i18n.language),
            responsive: true,
            maintainAspectRatio: false,
            plugins: {
              legend: {
                position: theme.rtl ? "left" : "right",
                rtl: theme.rtl,
                // Long category titles keep most of their words next to the ring.
                maxWidth: Math.round(width * 0.6),
                labels: { color: theme.text, boxWidth: 14 },
              },
              tooltip: {
                rtl: theme.rtl,
                callbacks: {
                  label: (item) => `${item.label}: ${t("charts.tickets_tooltip", { count: Number(item.raw) })}`,
                },
              },
            },
          }}
        />
      )}
    </Box>
  );
}
