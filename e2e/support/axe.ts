/**
 * axe-core with the WCAG 2.0, 2.1 and 2.2 A/AA rules (docs/decisions/accessibility.md): the serious
 * and critical violations of a page, described (rule, impact, help and the offending elements) so
 * that a failing test prints what to fix.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { animationsSettled } from "./animations.ts";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

export function describeViolations(page: string, violations: Violations): string[] {
  return violations.map((v) =>
    [
      `${page}: [${v.impact}] ${v.id}: ${v.help}`,
      ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replaceAll("\n", " ")}`),
    ].join("\n"),
  );
}

/** The page's serious and critical violations as it is now, once Mantine's fades have ended. */
export async function blockingViolations(page: Page, label: string): Promise<string[]> {
  // Mantine's fades (200 ms) end before axe measures colours.
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  return describeViolations(label, blocking);
}
