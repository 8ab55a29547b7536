import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeBudgets, FIRST_LOAD_BUDGETS } from "./budgets.ts";
import { README_BEGIN, README_END, renderReadmeFigures, replaceReadmeFigures } from "./firstLoadReadme.ts";

const facts = { date: "2026-11-28 07:00 UTC", commit: "abc1234", encoding: "br" };

describe("the README's first-load figures", () => {
  it("are rendered against the budgets of bench/budgets.ts, with the verdict and the room left", () => {
    const block = renderReadmeFigures(
      [
        { page: "landing", firstRenderJs: 139_512, untilIdleJs: 168_100 },
        { page: FIRST_LOAD_BUDGETS.member.page, firstRenderJs: 136_300, untilIdleJs: 211_900 },
        { page: FIRST_LOAD_BUDGETS.admin.page, firstRenderJs: 300_400, untilIdleJs: 350_000 },
      ],
      facts,
    );
    expect(block.startsWith(README_BEGIN)).toBe(true);
    expect(block.endsWith(README_END)).toBe(true);
    expect(block).toContain("| landing | 139.5 kB | 168.1 kB |  |  |");
    expect(block).toContain("| member home | 136.3 kB | 211.9 kB | 150 kB | PASS, 13.7 kB under |");
    expect(block).toContain("| admin dashboard | 300.4 kB | 350.0 kB | 300 kB | FAIL, 0.4 kB over |");
    expect(block).toContain("commit abc1234, br");
  });

  it("replace only the block between the markers", () => {
    const readme = `# Title\n\nbefore\n\n${README_BEGIN}\nold figures\n${README_END}\n\nafter\n`;
    const next = replaceReadmeFigures(readme, `${README_BEGIN}\nnew\n${README_END}`);
    expect(next).toBe(`# Title\n\nbefore\n\n${README_BEGIN}\nnew\n${README_END}\n\nafter\n`);
    expect(() => replaceReadmeFigures("# no block\n", "x")).toThrow(/no first-load block/);
  });

  it("stand in the README, measured against today's budgets", () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, "..", "README.md"), "utf8");
    const block = readme.slice(readme.indexOf(README_BEGIN), readme.indexOf(README_END));
    expect(block.length).toBeGreaterThan(README_BEGIN.length);
    for (const budget of Object.values(FIRST_LOAD_BUDGETS))
      expect(block).toMatch(
        new RegExp(`\\| ${budget.page} \\| [\\d.]+ kB \\| [\\d.]+ kB \\| ${budget.bytes / 1000} kB \\|`),
      );
    expect(describeBudgets()).toBe("member home 150 kB, admin dashboard 300 kB");
  });
});
