/**
 * `npm test` interrupted: Ctrl-C, or a SIGTERM to npm test alone (a CI job's timeout, `kill`), while
 * the browser tests run stops Playwright and the e2e servers it started, frees their ports and
 * leaves no process of the run behind. Run as a terminal runs it: `node scripts/test.ts e2e` leads
 * a process group of its own, and Ctrl-C signals that whole group.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Whether something accepts connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect({ port, host: "127.0.0.1" });
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}

/** Whether a server can listen on the port now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Six free ports in a row (what two e2e workers use), below the range the system hands out for
 * port 0: the other test files' servers listen on port 0 meanwhile, and one of them could
 * otherwise take a port of the run between this check and the e2e servers' start.
 */
async function freeBasePort(): Promise<number> {
  const [ephemeralStart] = existsSync("/proc/sys/net/ipv4/ip_local_port_range")
    ? readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number)
    : [32_768];
  const low = 20_000;
  const high = Math.max(low + 1_000, (ephemeralStart ?? 32_768) - 6);
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    const free = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => bindable(port + i)));
    if (free.every(Boolean)) return port;
  }
}

/** The processes whose environment names `owner` as the run's owner (Linux: /proc). */
function processesOfRun(owner: number): number[] {
  const mark = `E2E_OWNER_PID=${owner}\0`;
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, "latin1").includes(mark);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

const WAYS = [
  { way: "Ctrl-C (SIGINT to the run's process group)", signal: "SIGINT", group: true, code: 130 },
  { way: "SIGTERM to npm test alone", signal: "SIGTERM", group: false, code: 143 },
] as const;

describe.skipIf(!existsSync(CHROMIUM) || !existsSync("/proc"))("npm test interrupted", () => {
  it.each(WAYS)(
    "$way during the browser tests stops Playwright and both e2e servers",
    async ({ signal, group, code }) => {
      const port = await freeBasePort();
      const run = spawn(process.execPath, ["scripts/test.ts", "e2e"], {
        cwd: ROOT,
        detached: true,
        env: { ...process.env, E2E_PORT: String(port), E2E_WORKERS: "2", CI: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      run.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      run.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      const done = exited(run);
      try {
        // Both servers answer: the browser tests are about to start.
        await vi.waitFor(
          async () => {
            expect(run.exitCode, output).toBeNull();
            expect(await answers(port)).toBe(true);
            expect(await answers(port + 3)).toBe(true);
          },
          { timeout: 360_000, interval: 250 },
        );
        expect(processesOfRun(run.pid!).length).toBeGreaterThan(0);

        process.kill(group ? -run.pid! : run.pid!, signal);

        expect(await done, output).toBe(code);
        expect(output).toContain(`${signal}: stopping the run and everything it started`);
        expect(output).toMatch(/interrupted\s+browser end-to-end tests/);
        expect(await answers(port)).toBe(false);
        expect(await answers(port + 3)).toBe(false);
        // Browsers and servers are down by the time the run ends; some grace for the reaping on a loaded machine.
        await vi.waitFor(() => expect(processesOfRun(run.pid!)).toEqual([]), { timeout: 15_000 });
      } finally {
        // A failed expectation above: stop the run all the same (its servers follow its end).
        if (run.exitCode === null) {
          process.kill(-run.pid!, "SIGTERM");
          await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 60_000))]);
        }
      }
    },
    480_000,
  );
});
