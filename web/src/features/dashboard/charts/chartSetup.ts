/**
 * Chart.js for the dashboard's and the statistics page's charts, registered once with only the
 * parts they draw. Imported by the chart components alone, so chart.js lands in the chunks that
 * draw charts and nowhere else. Text colours follow the colour scheme (spec/3-staff-administration.md §2.1: dark mode
 * differs), the legend sits at the end side (right, left in Arabic).
 */
import { useComputedColorScheme, useDirection } from "@mantine/core";
import {
  ArcElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Title,
  Tooltip,
} from "chart.js";

Chart.register(ArcElement, CategoryScale, Legend, LinearScale, LineElement, PointElement, Title, Tooltip);

export interface ChartTheme {
  text: string;
  grid: string;
  rtl: boolean;
  dark: boolean;
}

const LIGHT = { text: "#495057", grid: "rgba(0, 0, 0, 0.08)" };
const DARK = { text: "#c9c9c9", grid: "rgba(255, 255, 255, 0.12)" };

export function useChartTheme(): ChartTheme {
  const dark = useComputedColorScheme("light", { getInitialValueInEffect: false }) === "dark";
  const { dir } = useDirection();
  return { ...(dark ? DARK : LIGHT), rtl: dir === "rtl", dark };
}
