/**
 * Starts and stops a help-desk server process for the tests: node server/main.ts --demo, or a
 * first start with no demo data whose output the test reads (the generated admin password).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { serverEnv } from "./env.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export function freshDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "helpdesk-e2e-data-"));
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

export interface RunningServer {
  process: ChildProcess;
  /** Stops the process; SIGKILL simulates a crash, SIGTERM a clean shutdown. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function waitForServer(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/config/public`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server on port ${port} did not start within ${timeoutMs} ms`);
}

/** Refuses a port that something already answers on: the tests would talk to that instead. */
async function requireFreePort(port: number): Promise<void> {
  const taken = await new Promise<boolean>((resolve) => {
    const probe = connect({ port, host: "127.0.0.1" });
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
  if (taken) throw new Error(`Port ${port} is in use already (E2E_PORT chooses the ports of the e2e servers)`);
}

export interface StartOptions {
  /** With the demo data (the default), or a bare first start. */
  demo?: boolean;
  /** Settings to change; undefined removes one (ADMIN_PASSWORD: a generated password). */
  env?: Record<string, string | undefined>;
  /** Receives the server's standard output, which is then piped instead of inherited. */
  onOutput?: (text: string) => void;
}

export async function startServer(port: number, dataDir: string, options: StartOptions = {}): Promise<RunningServer> {
  await requireFreePort(port);
  const env = { ...serverEnv(port, dataDir), ...options.env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const child = spawn(process.execPath, ["server/main.ts", ...(options.demo === false ? [] : ["--demo"])], {
    cwd: ROOT,
    env,
    stdio: ["ignore", options.onOutput ? "pipe" : "inherit", "inherit"],
  });
  const { onOutput } = options;
  if (onOutput) child.stdout?.setEncoding("utf8").on("data", (text: string) => onOutput(text));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await Promise.race([
      waitForServer(port),
      exited.then(() => {
        throw new Error(`The server on port ${port} exited during start-up`);
      }),
    ]);
  } catch (error) {
    // Not left behind holding the port when it is too slow to answer.
    child.kill("SIGKILL");
    throw error;
  }
  return {
    process: child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
