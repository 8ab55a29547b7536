/**
 * A real nginx (Debian's /usr/sbin/nginx, or NGINX_PATH) in front of test nodes, running the
 * deployment recipe's own deploy/nginx.conf: only its listen line and its two upstream servers are
 * rewritten to the test's ports. nginx runs in the foreground with a prefix directory of its own
 * (pid, logs, temporary files), so it touches nothing of the machine's nginx.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { endWithRunner } from "./childProcesses.ts";

export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const NGINX_AVAILABLE = existsSync(NGINX_PATH);

const ROOT = path.resolve(import.meta.dirname, "../..");
export const NGINX_CONF = path.join(ROOT, "deploy/nginx.conf");

/** The recipe's addresses, as deploy/nginx.conf and the README write them. */
const RECIPE_LISTEN = "listen 80;";
const RECIPE_NODES = ["server 127.0.0.1:3001 ", "server 127.0.0.1:3002 "];

/** deploy/nginx.conf with the test's ports; fails when the recipe no longer has the lines it rewrites. */
export function renderNginxConf(recipe: string, listenPort: number, nodePorts: [number, number]): string {
  const replacements: [string, string][] = [
    [RECIPE_LISTEN, `listen 127.0.0.1:${listenPort};`],
    [RECIPE_NODES[0] as string, `server 127.0.0.1:${nodePorts[0]} `],
    [RECIPE_NODES[1] as string, `server 127.0.0.1:${nodePorts[1]} `],
  ];
  let conf = recipe;
  for (const [from, to] of replacements) {
    if (conf.split(from).length !== 2) throw new Error(`deploy/nginx.conf must hold "${from.trim()}" exactly once`);
    conf = conf.replace(from, to);
  }
  return conf;
}

/** A port free right now on 127.0.0.1 (the kernel's pick). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface RunningNginx {
  url: string;
  port: number;
  /** nginx's error log so far (upstream failures show there). */
  errorLog(): string;
  stop(): Promise<void>;
}

export async function startNginx(nodePorts: [number, number]): Promise<RunningNginx> {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), "helpdesk-nginx-"));
  // Started as root, nginx's workers run as nobody: they must reach the temporary directories.
  chmodSync(prefix, 0o755);
  const errorLog = path.join(prefix, "error.log");
  const site = renderNginxConf(readFileSync(NGINX_CONF, "utf8"), port, nodePorts);
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${path.join(prefix, "nginx.pid")};`,
      `error_log ${errorLog} warn;`,
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${path.join(prefix, kind)};`,
      ),
      site,
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(NGINX_PATH, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", errorLog], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  // nginx's fast stop: its master ends its workers too.
  endWithRunner(child, "SIGTERM");
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      const log = existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "";
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${stderr}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errorLog: () => (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : ""),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGQUIT is nginx's graceful stop; SIGTERM its fast one, which is all a test needs.
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
