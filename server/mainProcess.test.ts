/**
 * `node server/main.ts` as a newcomer meets it: the first admin's password framed at the end of
 * the start's output, one line and exit code 1 for a busy port or a bad setting, and a demo that
 * keeps to its own data folder and refuses a database with real accounts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { seedBase } from "./seed/base.ts";
import { buildMember } from "./test/factories.ts";
import { freePort } from "./test/nginx.ts";
import { type NodeProcess, nodeProcess } from "./test/nodeProcess.ts";
import { runScript } from "./test/scriptProcess.ts";
import { TestClient } from "./test/server.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "helpdesk-main-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The lines of the first frame in `output`, rules included. */
function frameIn(output: string): string[] {
  const lines = output.split("\n");
  const top = lines.findIndex((line) => /^\+-+\+$/.test(line));
  const bottom = lines.findIndex((line, i) => i > top && /^\+-+\+$/.test(line));
  return top >= 0 && bottom > top ? lines.slice(top, bottom + 1) : [];
}

async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("a first start", () => {
  let node: NodeProcess;
  const dataDir = tempDir();
  beforeAll(async () => {
    node = nodeProcess(await freePort(), { NODE_ENV: "test", DATA_DIR: dataDir, CAPTCHA: "off", LOG_LEVEL: "info" });
    await node.start();
    await eventually(() => frameIn(node.output()).length > 0, "the first admin's frame");
  }, 60_000);
  afterAll(() => node.stop("SIGTERM"));

  it("shows the generated admin password last, framed, and that password signs in", async () => {
    const frame = frameIn(node.output());
    const password = frame.join("\n").match(/password {2}(\S+)/)?.[1] ?? "";
    expect(frame.join("\n")).toContain("e-mail    admin@example.com");
    expect(frame.join("\n")).toContain("npm run admin -- reset-password admin@example.com");
    // Every line of the frame is as wide as its rules.
    expect(new Set(frame.map((line) => line.length)).size).toBe(1);
    // The ready line and the listen log come before the frame.
    const output = node.output();
    const rule = frame.at(-1) as string;
    const after = output.slice(output.lastIndexOf(rule) + rule.length);
    // Nothing but the log of the requests this test made (/readyz).
    expect(after.split("\n").filter((line) => line.trim() !== "" && !line.includes('"reqId"'))).toEqual([]);
    expect(output.indexOf("Help desk ready at")).toBeLessThan(output.indexOf(frame[0] as string));
    expect(output.lastIndexOf("Server listening at")).toBeLessThan(output.indexOf(frame[0] as string));
    await new TestClient(node.url).signIn("admin@example.com", password);
  });

  it("shows no password on the next start", async () => {
    await node.stop("SIGTERM");
    const before = node.output().length;
    await node.start();
    // A frame would be written right after the ready line, on the same stdout, ahead of any request
    // log line after it: once one follows the ready line, all the start had to say is in.
    await eventually(() => node.output().slice(before).includes("Help desk ready at"), "the ready line");
    await fetch(`${node.url}/readyz`);
    await eventually(() => {
      const since = node.output().slice(before);
      const ready = since.indexOf("Help desk ready at");
      return ready >= 0 && since.indexOf('"reqId"', ready) >= 0;
    }, "a request's log line after the ready line");
    const output = node.output().slice(before);
    expect(output).not.toContain("+--");
    expect(output).not.toContain("password");
  }, 60_000);

  it("answers a busy port with one line and exit code 1", async () => {
    // The node of this suite holds its port.
    const run = await runScript("server/main.ts", [], {
      env: { NODE_ENV: "test", DATA_DIR: dataDir, CAPTCHA: "off", PORT: String(node.port), HOST: "127.0.0.1" },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`port ${node.port} is in use; set PORT\n`);
    expect(run.stdout).not.toMatch(/EADDRINUSE|at .*\(node:/);
  }, 60_000);
});

describe("a busy port on the very first start", () => {
  let blocker: net.Server;
  afterEach(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it("still shows the admin's password, since the admin was created, then the one line", async () => {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const run = await runScript("server/main.ts", [], {
      env: { NODE_ENV: "test", DATA_DIR: tempDir(), CAPTCHA: "off", PORT: String(port), HOST: "127.0.0.1" },
    });
    expect(run.code).toBe(1);
    expect(frameIn(run.stdout).join("\n")).toMatch(/password {2}\S+/);
    expect(run.stderr).toBe(`port ${port} is in use; set PORT\n`);
  }, 60_000);
});

describe("a bad setting", () => {
  it("stops the start with the value it got, a secret's value hidden, and exit code 1", async () => {
    const dataDir = tempDir();
    const run = await runScript("server/main.ts", [], {
      env: { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: "abc", SESSION_SECRET: "not-long-enough" },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('UPLOAD_MAX_BYTES="abc": expected a number');
    expect(run.stderr).toContain("SESSION_SECRET=(hidden, 15 characters)");
    expect(run.stderr).not.toMatch(/NaN|not-long-enough/);
  });
});

describe("the demo", () => {
  /** A database in `dataDir` as `npm start` leaves it, with one player besides the first admin. */
  async function realDatabase(dataDir: string): Promise<void> {
    mkdirSync(dataDir, { recursive: true });
    const store = openDatabase({ dataDir });
    try {
      await migrateToLatest(store.db as never, store.engine);
      await seedBase(store, { log: () => {} });
      await buildMember(store, { email: "real.player@example.com" });
    } finally {
      await store.close();
    }
  }

  async function emails(dataDir: string): Promise<string[]> {
    const store = openDatabase({ dataDir });
    try {
      return (await store.db.selectFrom("users").select("email").orderBy("email").execute()).map((r) => r.email);
    } finally {
      await store.close();
    }
  }

  it("uses ./data-demo when DATA_DIR is unset, and refuses a database there with real accounts", async () => {
    const cwd = tempDir();
    await realDatabase(path.join(cwd, "data-demo"));
    const run = await runScript("server/main.ts", ["--demo"], { cwd, env: { NODE_ENV: "test" } });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `refusing to add demo data: the database in ${path.join(cwd, "data-demo")} holds 1 account besides the ` +
        "demo's and the first admin; run the demo on its own data (leave DATA_DIR and DATABASE_URL unset for " +
        "./data-demo, or point them at an empty one)\n",
    );
    expect(existsSync(path.join(cwd, "data"))).toBe(false);
    expect(await emails(path.join(cwd, "data-demo"))).toEqual(["admin@example.com", "real.player@example.com"]);
  }, 60_000);

  it("refuses the database DATA_DIR names when it holds real accounts", async () => {
    const dataDir = path.join(tempDir(), "data");
    await realDatabase(dataDir);
    const run = await runScript("server/main.ts", ["--demo"], { env: { NODE_ENV: "test", DATA_DIR: dataDir } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^refusing to add demo data: the database in .* holds 1 account besides/);
    expect(await emails(dataDir)).toHaveLength(2);
  }, 60_000);

  it("refuses NODE_ENV=production", async () => {
    const run = await runScript("server/main.ts", ["--demo"], {
      env: { NODE_ENV: "production", DATA_DIR: tempDir() },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "refusing to add demo data when NODE_ENV=production: its accounts share a published password\n",
    );
  });

  it("starts in ./data-demo on a fresh clone, and again on its own data", async () => {
    const cwd = tempDir();
    const node = nodeProcess(
      await freePort(),
      { NODE_ENV: "test", CAPTCHA: "off", LOG_LEVEL: "warn", DEMO_PASSWORD: "Demo-Password-1!" },
      { args: ["--demo"], cwd },
    );
    try {
      await node.start();
      expect(existsSync(path.join(cwd, "data-demo", "helpdesk.sqlite"))).toBe(true);
      await eventually(() => node.output().includes("Lost it?"), "the first admin's frame");
      expect(node.output()).toContain(
        "Lost it? DATA_DIR=./data-demo npm run admin -- reset-password admin@example.com",
      );
      expect(existsSync(path.join(cwd, "data"))).toBe(false);
      await new TestClient(node.url).signIn("mod@demo.test", "Demo-Password-1!");
      await node.stop("SIGTERM");
      // The demo's own accounts, its archive players included, are no real accounts.
      await node.start();
      expect(node.running()).toBe(true);
    } finally {
      await node.stop("SIGTERM");
    }
  }, 90_000);
});
