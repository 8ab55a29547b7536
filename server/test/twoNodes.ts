/**
 * Two app nodes of one help desk, built as two machines behind a balancer would run them:
 * one PostgreSQL schema reached by each node through its own pool, one Redis for the socket.io
 * adapter and the limits, each node opening its own Redis clients from REDIS_URL (nothing shared in
 * this process but the database and Redis themselves), and the background sweeps on both, on the
 * real timers of main.ts. Both nodes reach PostgreSQL through one TCP relay, so that a test can
 * take the database away from both and give it back without touching the real server.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe } from "vitest";
import { type AppNode, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type DataStore, openDatabase } from "../db/database.ts";
import { startSweeps } from "../jobs/sweeps.ts";
import { createTestStore, TEST_DATABASE_URL, TEST_REDIS_URL, type TestStore } from "./engines.ts";
import { TestClient } from "./server.ts";
import { TcpProxy } from "./tcpProxy.ts";

export interface ClusterNode {
  node: AppNode;
  /** This node's own pool, through the relay. */
  store: DataStore;
  baseUrl: string;
  client(): TestClient;
  /** Pool connections that broke under this node (the database went away). */
  lost: Error[];
}

export interface TwoNodes {
  /** The same database without the relay: what the test writes and reads behind the nodes' backs. */
  store: TestStore;
  nodes: [ClusterNode, ClusterNode];
  /** Between both nodes and PostgreSQL. */
  database: TcpProxy;
  /** Sweep failures the nodes logged (a database that is away makes them fail, and they go on). */
  sweepErrors: unknown[];
  close(): Promise<void>;
}

/** Two nodes and a migrated schema take a while on a loaded machine: the suites' beforeAll allowance. */
export const CLUSTER_SETUP_MS = 90_000;

export interface TwoNodesOptions {
  /** Runs startSweeps on both nodes, started in the same tick so that their runs coincide. */
  sweeps?: boolean;
}

/** Available only with TEST_DATABASE_URL and TEST_REDIS_URL: callers skip without them. */
export async function startTwoNodes(
  env: Record<string, string> = {},
  options: TwoNodesOptions = {},
): Promise<TwoNodes> {
  if (!TEST_DATABASE_URL || !TEST_REDIS_URL) throw new Error("TEST_DATABASE_URL and TEST_REDIS_URL must be set");
  const store = await createTestStore("postgres");
  const target = new URL(TEST_DATABASE_URL);
  const database = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
  // One help desk: one data directory (its secrets and uploads, shared as the README says), one
  // Redis key prefix of its own so that parallel suites never meet.
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: store.dataDir,
    CAPTCHA: "off",
    LOG_LEVEL: "silent",
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `hdc${randomBytes(4).toString("hex")}:`,
    ...env,
  });
  const nodes: ClusterNode[] = [];
  const stops: (() => Promise<void>)[] = [];
  const sweepErrors: unknown[] = [];
  for (let i = 0; i < 2; i++) {
    const lost: Error[] = [];
    const own = openDatabase({
      ...store.openOptions,
      databaseUrl: database.url(TEST_DATABASE_URL),
      queryTimeoutMs: config.databaseQueryTimeoutMs,
      preparedStatements: config.databasePreparedStatements,
      onConnectionError: (error) => lost.push(error),
    });
    // No `limits` given: the node opens its own Redis-backed store, as main.ts does.
    const node = await buildApp({ config, store: own, logger: false, captchaMaxCounter: 2000 });
    await node.app.listen({ port: 0, host: "127.0.0.1" });
    const baseUrl = `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}`;
    nodes.push({ node, store: own, baseUrl, client: () => new TestClient(baseUrl), lost });
  }
  // A limit counted before the node's Redis client is ready would be counted on that node alone.
  for (const { node } of nodes) {
    for (let tries = 0; !(await node.ctx.limits.reachable?.(500)); tries++) {
      if (tries > 150) throw new Error("the node's limits did not reach Redis within 15 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (options.sweeps) {
    const log = { error: (error: unknown) => sweepErrors.push(error) };
    for (const { node } of nodes) stops.push(startSweeps(node.ctx, log));
  }
  return {
    store,
    nodes: nodes as [ClusterNode, ClusterNode],
    database,
    sweepErrors,
    async close() {
      await Promise.all(stops.map((stop) => stop()));
      for (const { node, store: own } of nodes) {
        await node.app.close();
        await own.close();
      }
      await database.close();
      await store.close();
    },
  };
}

/** A client of `baseUrl` holding the same signed-in session as `client` (a balancer moved it). */
export function sameSession(client: TestClient, baseUrl: string): TestClient {
  const other = new TestClient(baseUrl);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/**
 * A suite on two nodes, the cluster tests' one set-up: skipped without TEST_DATABASE_URL and
 * TEST_REDIS_URL; the nodes start before its tests (with `env` and `options`) and close after them.
 * `cluster()` answers the running pair inside the tests and hooks that `tests` registers.
 */
export function describeTwoNodes(
  title: string,
  env: Record<string, string>,
  options: TwoNodesOptions,
  tests: (cluster: () => TwoNodes) => void,
): void {
  describe.skipIf(!TEST_DATABASE_URL || !TEST_REDIS_URL)(title, () => {
    let running: TwoNodes | undefined;
    beforeAll(async () => {
      running = await startTwoNodes(env, options);
    }, CLUSTER_SETUP_MS);
    afterAll(async () => {
      await running?.close();
    });
    tests(() => {
      if (!running) throw new Error("the two nodes did not start");
      return running;
    });
  });
}
