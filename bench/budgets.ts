/**
 * The first-load budgets (docs/decisions/first-load.md), in one place: the compressed JavaScript
 * a page may ask for before its first render, in bytes (kB = 1,000 bytes). `npm run
 * bench:first-load` measures against them and exits 1 when one is passed (.ci/run runs it); the
 * benchmarks page and the README's figures are written from the same run.
 */
export interface FirstLoadBudget {
  /** The page as the bench names it. */
  page: string;
  bytes: number;
}

export const FIRST_LOAD_BUDGETS = {
  member: { page: "member home", bytes: 150_000 },
  admin: { page: "admin dashboard", bytes: 300_000 },
} as const satisfies Record<string, FirstLoadBudget>;

export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(bytes % 1000 === 0 ? 0 : 1)} kB`;
}

/** "member home 150 kB, admin dashboard 300 kB" */
export function describeBudgets(): string {
  return Object.values(FIRST_LOAD_BUDGETS)
    .map((budget) => `${budget.page} ${kB(budget.bytes)}`)
    .join(", ");
}
