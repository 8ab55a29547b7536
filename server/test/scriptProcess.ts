/**
 * A command-line entry point (`server/main.ts`, `scripts/admin.ts`) run as a real process, the way
 * a person types it, for tests that read what it prints and how it exits.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { endWithRunner } from "./childProcesses.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node <script> <args>` (the script relative to the project) and answers once it exits.
 * The test's own settings of the help desk (DATA_DIR, DATABASE_URL, PORT, PUBLIC_URL) are not
 * passed on: only `env` says where the process works.
 */
export function runScript(
  script: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<ScriptRun> {
  const inherited = { ...process.env };
  for (const name of ["DATA_DIR", "DATABASE_URL", "PORT", "HOST", "PUBLIC_URL", "REDIS_URL", "NODE_ENV"]) {
    delete inherited[name];
  }
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...inherited, LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  endWithRunner(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} ${args.join(" ")} did not exit in time:\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
