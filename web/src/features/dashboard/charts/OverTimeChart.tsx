/**
 * A line chart over one of the four ranges (spec/3-staff-administration.md §2.1): range buttons, the axis rules of
 * series.ts, x axis titled by the range's unit, tension 0.2, 300 px high and at most 1200 px wide.
 */
import { Alert, Box, Center, Group, Loader, SegmentedControl, Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ChartDataset } from "chart.js";
import { useState } from "react";
import { Line } from "react-chartjs-2";
import { useTranslation } from "react-i18next";
import { DEFAULT_STATS_RANGE, type StatsRange } from "../../../../../common/schemas/stats.ts";
import { intlLocale } from "../../../ui/intlLocale.ts";
import { AXIS_TITLE, axisLabel, monthNames, orderedKeys, RANGE_BUTTONS } from "../series.ts";
import { useChartTheme } from "./chartSetup.ts";

/** What both chronological calls answer: the series of the asked range, keyed by bucket. */
interface SeriesAnswer<V> {
  newest: string;
  time_zone: string;
  datasets: Record<string, Record<string, V>>;
}

interface OverTimeChartProps<V> {
  name: string;
  /** The query of one range (the range buttons switch it; the default is hours_to_count). */
  useSeries(range: StatsRange): UseQueryResult<SeriesAnswer<V>>;
  yTitle: string;
  /** Whole numbers only (ticket counts). */
  integers?: boolean;
  /** The lines, from the bucket keys in axis order and the values per key. */
  lines(keys: string[], values: Record<string, V>): ChartDataset<"line", (number | null)[]>[];
  showLegend?: boolean;
}

export function OverTimeChart<V>({ name, useSeries, yTitle, integers, lines, showLegend }: OverTimeChartProps<V>) {
  const { t, i18n } = useTranslation("dashboard");
  const theme = useChartTheme();
  const [range, setRange] = useState<StatsRange>(DEFAULT_STATS_RANGE);
  const query = useSeries(range);
  const series = query.data;
  const values = series?.datasets[range] ?? {};
  const keys = series ? orderedKeys(range, values, series.newest) : [];
  const months = monthNames(i18n.language);
  const labels = keys.map((key, index) => axisLabel(range, key, index, months));
  const datasets = lines(keys, values).map((d) => ({ ...d, tension: 0.2 }));
  return (
    <Stack gap="xs" data-testid="over-time-chart" data-chart={name} data-range={range}>
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(value) => setRange(value as StatsRange)}
          aria-label={t("charts.range")}
          data={RANGE_BUTTONS.map((b) => ({ value: b.range, label: t(b.label) }))}
        />
        {series && (
          <Text size="xs" c="dimmed">
            {t("charts.time_zone", { zone: series.time_zone })}
          </Text>
        )}
      </Group>
      <Box
        h={300}
        maw={1200}
        w="100%"
        pos="relative"
        data-labels={JSON.stringify(labels.filter((l) => l !== null))}
        data-legend={JSON.stringify(showLegend ? datasets.map((d) => d.label) : [])}
        data-text-color={theme.text}
      >
        {query.isError ? (
          <Alert color="red" variant="light">
            {t("statistics.could_not_retrieve")}
          </Alert>
        ) : !series ? (
          <Center h="100%">
            <Loader size="sm" />
          </Center>
        ) : (
          <Line
            role="img"
            aria-label={name}
            data={{ labels: keys, datasets }}
            options={{
              // Tick and tooltip figures in the interface language (Chart.js would take the browser's).
              locale: intlLocale(i18n.language),
              responsive: true,
              maintainAspectRatio: false,
              animation: false,
              spanGaps: false,
              // Room for the first and last label, which sit centred on the axis ends.
              layout: { padding: { left: 16, right: 16 } },
              plugins: {
                legend: { display: Boolean(showLegend), rtl: theme.rtl, labels: { color: theme.text } },
                tooltip: { rtl: theme.rtl },
              },
              scales: {
                x: {
                  reverse: theme.rtl,
                  title: { display: true, text: t(AXIS_TITLE[range]), color: theme.text },
                  grid: { color: theme.grid },
                  ticks: {
                    color: theme.text,
                    autoSkip: range !== "intervals_to_count",
                    maxRotation: 0,
                    callback: (_value, index) => labels[index] ?? null,
                  },
                },
                y: {
                  position: theme.rtl ? "right" : "left",
                  beginAtZero: true,
                  title: { display: true, text: yTitle, color: theme.text },
                  grid: { color: theme.grid },
                  ticks: { color: theme.text, ...(integers ? { precision: 0, stepSize: undefined } : {}) },
                },
              },
            }}
          />
        )}
      </Box>
    </Stack>
  );
}
