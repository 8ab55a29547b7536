/**
 * The README's first-load figures: a block between two markers that `npm run bench:first-load`
 * rewrites from its own run when BENCH_FIRST_LOAD_README=1 (`npm run bench:report` sets it), so
 * the figures are measured, never typed.
 */
import { FIRST_LOAD_BUDGETS, kB } from "./budgets.ts";

export const README_BEGIN = "<!-- first-load:begin: written by npm run bench:first-load, do not edit -->";
export const README_END = "<!-- first-load:end -->";

export interface PageFigure {
  page: string;
  /** Compressed JS before the first render, in bytes. */
  firstRenderJs: number;
  /** Compressed JS until the network is quiet, in bytes. */
  untilIdleJs: number;
}

export interface RunFacts {
  date: string;
  commit: string;
  encoding: string;
}

export function renderReadmeFigures(figures: PageFigure[], facts: RunFacts): string {
  const budgets = new Map<string, number>(Object.values(FIRST_LOAD_BUDGETS).map((b) => [b.page, b.bytes]));
  const rows = figures.map(({ page, firstRenderJs, untilIdleJs }) => {
    const budget = budgets.get(page);
    const verdict =
      budget === undefined
        ? ""
        : `${kB(budget)} | ${firstRenderJs <= budget ? "PASS" : "FAIL"}, ${kB(Math.abs(budget - firstRenderJs))} ${firstRenderJs <= budget ? "under" : "over"}`;
    return `| ${page} | ${kB1(firstRenderJs)} | ${kB1(untilIdleJs)} | ${verdict || " | "} |`;
  });
  return [
    README_BEGIN,
    `Measured on ${facts.date}, commit ${facts.commit}, ${facts.encoding} (Chromium, empty cache):`,
    "",
    "| page | JS before the first render | JS until idle | budget | |",
    "|---|---|---|---|---|",
    ...rows,
    README_END,
  ].join("\n");
}

function kB1(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** The README with its block replaced; a README without both markers is an error, not a guess. */
export function replaceReadmeFigures(readme: string, block: string): string {
  const begin = readme.indexOf(README_BEGIN);
  const end = readme.indexOf(README_END);
  if (begin < 0 || end < begin) throw new Error("README.md has no first-load block to rewrite");
  return readme.slice(0, begin) + block + readme.slice(end + README_END.length);
}
