/**
 * The app node of one suite: started before the suite's first test and closed after its last, in
 * hooks of the `describe` that calls it. The handle reads through to the running node, so a suite
 * writes `server.store` or `server.client()` as with a node it started itself; hooks registered
 * after the call run after the node has started and before it closes.
 */
import { afterAll, beforeAll } from "vitest";
import type { Engine } from "../db/database.ts";
import { startTestServer, type TestServer, type TestServerOptions } from "./server.ts";

export function useTestServer(
  engine: Engine,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): TestServer {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer(engine, env, options);
  });
  afterAll(async () => {
    const closing = running;
    running = undefined;
    await closing?.close();
  });
  const current = (): TestServer => {
    if (!running) throw new Error("the suite's test server runs only during its tests and hooks");
    return running;
  };
  return {
    get node() {
      return current().node;
    },
    get store() {
      return current().store;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    client: () => current().client(),
    close: async () => {
      const closing = running;
      running = undefined;
      await closing?.close();
    },
  };
}
