/**
 * No import circle in server/, web/src or common/: a module never reaches itself through its own
 * imports, type-only imports included. A circle makes the order in which modules load decide
 * whether a value is there yet, and it blurs which layer depends on which. The imports are read by
 * TypeScript's own scanner, so multi-line lists and re-exports count as they do for the compiler.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as ROOT, sourceFiles as sources } from "../server/test/sourceFiles.ts";

const FOLDERS = ["server", "web/src", "common"];

/** The project's own modules a file imports (relative specifiers that name a file here). */
function imports(file: string): string[] {
  const scanned = ts.preProcessFile(readFileSync(file, "utf8"), true, false);
  return scanned.importedFiles
    .map((entry) => entry.fileName)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((target) => existsSync(target));
}

/** Every strongly connected group of more than one module (Tarjan), and every module importing itself. */
function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (module: string) => {
    index.set(module, next);
    low.set(module, next);
    next++;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module)!, index.get(target)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1 || graph.get(module)?.includes(module)) circles.push(group.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return circles;
}

describe("import circles", () => {
  it("finds a circle of two and one of three, and none in a chain", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["a", "c"]],
      ["c", ["d"]],
      ["d", ["e"]],
      ["e", ["c"]],
      ["f", ["a"]],
    ]);
    expect(importCircles(graph)).toEqual(
      expect.arrayContaining([
        ["a", "b"],
        ["c", "d", "e"],
      ]),
    );
    expect(importCircles(graph)).toHaveLength(2);
    const chain = new Map([
      ["x", ["y"]],
      ["y", []],
    ]);
    expect(importCircles(chain)).toEqual([]);
  });

  it("has none in server/, web/src or common/", () => {
    const files = FOLDERS.flatMap((folder) => sources(folder));
    expect(files.length).toBeGreaterThan(300);
    const graph = new Map(files.map((file) => [file, imports(file)]));
    const circles = importCircles(graph).map((group) => group.map((file) => path.relative(ROOT, file)));
    expect(circles).toEqual([]);
  });
});
