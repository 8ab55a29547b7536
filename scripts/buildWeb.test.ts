/**
 * When `npm start` builds the web app: with no build, with an unfinished one, and whenever a file
 * the build reads changed (a locale file too), but not when only file times or tests changed.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_INPUTS, BUILD_STAMP, inputFingerprint, WEB_OUT_DIR, webBuildState } from "./buildWeb.ts";

let root: string;

function write(relative: string, content: string): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** What a finished build leaves: the output and the stamp of the sources it read. */
function finishBuild(): void {
  write(`${WEB_OUT_DIR}/index.html`, "<html></html>");
  write(BUILD_STAMP, JSON.stringify({ fingerprint: inputFingerprint(root) }));
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "helpdesk-build-"));
  write("web/index.html", "<div id=root></div>");
  write("web/src/main.tsx", "export {};");
  write("web/public/locales/en/common.json", '{"hello":"Hello"}');
  write("common/constants.ts", "export const A = 1;");
  write("vite.config.ts", "export default {};");
  write("scripts/precompress.ts", "export {};");
  write("package.json", "{}");
  write("package-lock.json", "{}");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the web build decision", () => {
  it("builds when there is no build yet", () => {
    expect(webBuildState(root)).toMatchObject({ needed: true, reason: "no web build yet" });
  });

  it("builds when the last build left no stamp (it failed or was stopped)", () => {
    write(`${WEB_OUT_DIR}/index.html`, "<html></html>");
    expect(webBuildState(root).needed).toBe(true);
  });

  it("does not build again when nothing changed, not even for new file times", () => {
    finishBuild();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "web/src/main.tsx"), later, later);
    expect(webBuildState(root)).toMatchObject({ needed: false });
  });

  it.each([
    ["a locale file", "web/public/locales/en/common.json"],
    ["a web source", "web/src/main.tsx"],
    ["the page", "web/index.html"],
    ["shared code", "common/constants.ts"],
    ["the Vite configuration", "vite.config.ts"],
    ["the build's own plugin", "scripts/precompress.ts"],
    ["the installed packages", "package-lock.json"],
  ])("builds when %s changed", (_what, file) => {
    finishBuild();
    write(file, "changed");
    expect(webBuildState(root)).toMatchObject({
      needed: true,
      reason: "the web sources changed since the last build",
    });
  });

  it("builds when a file is added, removed or renamed", () => {
    finishBuild();
    write("web/public/locales/xx/common.json", "{}");
    expect(webBuildState(root).needed).toBe(true);
    finishBuild();
    unlinkSync(path.join(root, "web/public/locales/xx/common.json"));
    expect(webBuildState(root).needed).toBe(true);
    finishBuild();
    write("web/src/Main.tsx", "export {};");
    unlinkSync(path.join(root, "web/src/main.tsx"));
    expect(webBuildState(root).needed).toBe(true);
  });

  it("ignores tests, which no build reads, and files outside the inputs", () => {
    finishBuild();
    write("web/src/theme.test.ts", "test");
    write("common/tags.test.ts", "test");
    write("server/app.ts", "changed");
    write("README.md", "changed");
    expect(webBuildState(root).needed).toBe(false);
  });

  it("covers every project file the real build imports: the Vite config's and the web app's imports", () => {
    const project = path.resolve(import.meta.dirname, "..");
    const covered = (file: string) => {
      const relative = path.relative(project, file).split(path.sep).join("/");
      return BUILD_INPUTS.some((input) => relative === input || relative.startsWith(`${input}/`));
    };
    const sources = ["vite.config.ts", ...inputFilesUnder(project, "web"), ...inputFilesUnder(project, "common")];
    const outside: string[] = [];
    for (const source of sources) {
      const text = readFileSync(path.join(project, source), "utf8");
      for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
        const target = path.resolve(project, path.dirname(source), spec as string);
        if (!covered(target)) outside.push(`${source} -> ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });
});

function inputFilesUnder(project: string, folder: string): string[] {
  return readdirSync(path.join(project, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}
