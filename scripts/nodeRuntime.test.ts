/**
 * The README's `npm install && npm start` and `npm test` work on a machine whose own node is older
 * than 24: npm puts node_modules/.bin first on every script's PATH, and the optional
 * `node-<os>-<cpu>` package links Node 24 there. Child processes (npx, vite, vitest's workers,
 * Playwright's web server) find the same node through that PATH.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const major = (version: string): number => Number(version.replace(/^v/, "").split(".")[0]);

/**
 * The environment of a shell on this machine: PATH without this project's node_modules/.bin or
 * .tools, and none of the npm_* variables of the npm that started this suite (its prefix would
 * lend npm the global bin directory of the node that runs it).
 */
const outside: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  PATH: (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir !== "" && !path.resolve(dir).startsWith(root) && !dir.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter),
};

function run(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, {
      cwd: root,
      env: outside,
      encoding: "utf8",
      // npm is a .cmd script on Windows, which Node starts only through a shell.
      shell: process.platform === "win32",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

describe("the node that npm scripts run", () => {
  it("runs this suite on Node 24 or newer", () => {
    expect(major(process.version)).toBeGreaterThanOrEqual(24);
  });

  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const outsideNode = run("node", ["--version"]);
  it.skipIf(run(npm, ["--version"]) === undefined)(
    `is Node 24 or newer when npm starts from a PATH whose node is ${outsideNode ?? "missing"}`,
    () => {
      // `npm exec -c` runs a shell command with the PATH `npm run` gives a script.
      const version = run(npm, ["exec", "-c", "node -p process.version"]);
      expect(version).toMatch(/^v\d+\./);
      expect(major(version!)).toBeGreaterThanOrEqual(24);
    },
  );
});
