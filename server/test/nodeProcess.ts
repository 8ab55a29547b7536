/**
 * An app node as a real process (`node server/main.ts`, as the systemd unit starts it), for tests
 * that kill one with SIGKILL and start it again: the same environment every time, and ready when
 * its /readyz says so.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { endWithRunner } from "./childProcesses.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface NodeProcess {
  port: number;
  url: string;
  /** Starts the process (again) and waits until /readyz answers 200. */
  start(): Promise<void>;
  /** SIGKILL: a crash, nothing closed; SIGTERM: the graceful shutdown. Resolves once it exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  running(): boolean;
  /** What the process wrote to stdout and stderr, for a failing test's message. */
  output(): string;
}

/**
 * The environment of a node process on a test store's PostgreSQL schema and DATA_DIR, with its own
 * Redis key prefix (`prefix` plus random hex, so that parallel suites never meet); callers add the
 * rest.
 */
export function nodeEnv(
  store: { dataDir: string; openOptions: { pgSchema?: string } },
  databaseUrl: string,
  redisUrl: string,
  prefix: string,
): Record<string, string> {
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${store.openOptions.pgSchema}`);
  return {
    NODE_ENV: "test",
    DATA_DIR: store.dataDir,
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `${prefix}${randomBytes(4).toString("hex")}:`,
    CAPTCHA: "off",
    LOG_LEVEL: "warn",
  };
}

export async function waitUntilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

/** `args` follow `server/main.ts` (e.g. `--demo`); `cwd` is where relative paths (DATA_DIR) start. */
export interface NodeProcessOptions {
  args?: string[];
  cwd?: string;
}

export function nodeProcess(port: number, env: Record<string, string>, options: NodeProcessOptions = {}): NodeProcess {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = "";
  const url = `http://127.0.0.1:${port}`;
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  return {
    port,
    url,
    running,
    output: () => output,
    async start() {
      const started = spawn(process.execPath, [path.join(ROOT, "server/main.ts"), ...(options.args ?? [])], {
        cwd: options.cwd ?? ROOT,
        env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      endWithRunner(started);
      for (const stream of [started.stdout, started.stderr]) {
        stream?.on("data", (chunk: Buffer) => {
          output = (output + chunk.toString()).slice(-20_000);
        });
      }
      exited = new Promise((resolve) => started.once("exit", () => resolve()));
      const died = exited.then(() => {
        throw new Error(`node on port ${port} exited during start-up:\n${output}`);
      });
      await Promise.race([waitUntilReady(url), died]);
      died.catch(() => {});
    },
    async stop(signal = "SIGTERM") {
      if (!running()) return;
      child?.kill(signal);
      await exited;
    },
  };
}
