/** The TypeScript sources under a folder of the repository (declaration files left out), for tests that read the code itself. */
import { readdirSync } from "node:fs";
import path from "node:path";

export const REPO_ROOT = path.join(import.meta.dirname, "..", "..");

export function sourceFiles(folder: string, options: { tests?: boolean } = {}): string[] {
  return readdirSync(path.join(REPO_ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .filter((entry) => options.tests !== false || !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
