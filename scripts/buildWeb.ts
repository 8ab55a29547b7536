/**
 * Builds the web app with Vite into dist/web and records the fingerprint of what the build read
 * in dist/web-build.json. `npm run build` always builds; `npm start` and `npm run demo` pass
 * `--if-changed` and build only when no finished build matches the sources, which saves a start
 * several seconds and a screen of file names.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Everything `vite build` reads, relative to the project: the app (web/: sources, index.html,
 * public/ with the locale files, any .env file), the shared code it imports (common/), the build
 * configuration and the Vite plugin it loads, and the installed packages (through their lock file).
 */
export const BUILD_INPUTS = [
  "web",
  "common",
  "vite.config.ts",
  "scripts/precompress.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
] as const;

/** Where the build goes and where its fingerprint is kept: beside the output, not served with it. */
export const WEB_OUT_DIR = "dist/web";
export const BUILD_STAMP = "dist/web-build.json";

/** Tests sit beside the sources but no build imports them. */
const NOT_READ_BY_THE_BUILD = /\.test\.tsx?$/;

/** The input files under `input` (a file or a folder), as sorted project-relative paths with `/`. */
function inputFiles(root: string, input: string): string[] {
  const full = path.join(root, input);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [input];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !NOT_READ_BY_THE_BUILD.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/**
 * A sha256 over the path and content of every input file, in a fixed order: the same sources give
 * the same fingerprint on any machine, whatever the files' times (a fresh clone, a checkout).
 */
export function inputFingerprint(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const files = inputs.flatMap((input) => inputFiles(root, input)).sort();
  const hash = createHash("sha256");
  for (const file of files) {
    const content = readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest("hex");
}

export interface BuildState {
  needed: boolean;
  /** Why a build is needed, for the one line a start prints. */
  reason: string;
  fingerprint: string;
}

/** Whether the build in `root` is missing, unfinished or older than its sources. */
export function webBuildState(root: string, inputs: readonly string[] = BUILD_INPUTS): BuildState {
  const fingerprint = inputFingerprint(root, inputs);
  const stampFile = path.join(root, BUILD_STAMP);
  if (!existsSync(path.join(root, WEB_OUT_DIR, "index.html"))) {
    return { needed: true, reason: "no web build yet", fingerprint };
  }
  let built: string | undefined;
  try {
    built = (JSON.parse(readFileSync(stampFile, "utf8")) as { fingerprint?: string }).fingerprint;
  } catch {
    built = undefined;
  }
  if (built === undefined)
    return { needed: true, reason: "the last web build did not record its sources", fingerprint };
  if (built !== fingerprint)
    return { needed: true, reason: "the web sources changed since the last build", fingerprint };
  return { needed: false, reason: "the web app is up to date", fingerprint };
}

/** Runs `vite build` and records the fingerprint once it finished; a failed build leaves no stamp. */
export async function buildWeb(root: string, fingerprint: string, options: { quiet: boolean }): Promise<void> {
  const stampFile = path.join(root, BUILD_STAMP);
  rmSync(stampFile, { force: true });
  const { build } = await import("vite");
  await build({
    configFile: path.join(root, "vite.config.ts"),
    root: path.join(root, "web"),
    logLevel: options.quiet ? "warn" : "info",
  });
  writeFileSync(stampFile, `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() })}\n`);
}

async function main(): Promise<void> {
  const ifChanged = process.argv.includes("--if-changed");
  const state = webBuildState(ROOT);
  if (ifChanged && !state.needed) return;
  const started = performance.now();
  if (ifChanged) console.log(`Building the web app: ${state.reason} …`);
  await buildWeb(ROOT, state.fingerprint, { quiet: ifChanged });
  if (ifChanged) console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
