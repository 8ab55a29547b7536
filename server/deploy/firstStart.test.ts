/**
 * The first start of a deployment with two nodes started at the same moment: two real
 * node processes on one empty PostgreSQL schema and one empty, shared DATA_DIR, without secrets in
 * the environment. Both come up; the schema is migrated once and seeded once (one first admin, no
 * category twice); and both nodes hold the same generated secrets, so a session and its CSRF token
 * from one node are taken by the other.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../db/migrate.ts";
import { createTestStore, TEST_DATABASE_URL, TEST_REDIS_URL, type TestStore } from "../test/engines.ts";
import { freePort } from "../test/nginx.ts";
import { type NodeProcess, nodeEnv, nodeProcess } from "../test/nodeProcess.ts";
import { TestClient } from "../test/server.ts";
import { sameSession } from "../test/twoNodes.ts";

const missing = !TEST_DATABASE_URL
  ? "TEST_DATABASE_URL is not set"
  : !TEST_REDIS_URL
    ? "TEST_REDIS_URL is not set"
    : null;

const ADMIN_EMAIL = "first-admin@example.com";
const ADMIN_PASSWORD = "F1rst!Adm1n#Pass";

describe.skipIf(missing !== null)(
  `two nodes started at once on an empty deployment${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let store: TestStore;
    let nodes: NodeProcess[] = [];

    beforeAll(async () => {
      store = await createTestStore("postgres", { migrate: false });
      const env = {
        ...nodeEnv(store, TEST_DATABASE_URL as string, TEST_REDIS_URL as string, "hdf"),
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        // No SESSION_SECRET, CSRF_SECRET or ALTCHA_HMAC_KEY: the nodes generate them.
      };
      nodes = [nodeProcess(await freePort(), env), nodeProcess(await freePort(), env)];
      await Promise.all(nodes.map((node) => node.start()));
    }, 120_000);

    afterAll(async () => {
      for (const node of nodes) await node.stop("SIGTERM");
      await store?.close();
    }, 60_000);

    it("migrates the schema once and seeds it once", async () => {
      const applied = await store.db
        .selectFrom("kysely_migration" as never)
        .select(sql<string>`name`.as("name"))
        .execute();
      expect(applied.map((row) => row.name).sort()).toEqual(Object.keys(MIGRATIONS).sort());
      const admins = await store.db.selectFrom("users").select("email").where("rank", "=", "admin").execute();
      expect(admins.map((row) => row.email)).toEqual([ADMIN_EMAIL]);
      const twice = await store.db
        .selectFrom("categories")
        .select("title")
        .groupBy("title")
        .having(sql`count(*)`, ">", 1)
        .execute();
      expect(twice).toEqual([]);
      expect(
        Number((await store.db.selectFrom("categories").select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n),
      ).toBeGreaterThan(0);
    });

    it("gives both nodes one set of generated secrets: a session from one node works on the other", async () => {
      expect(readdirSync(store.dataDir)).toContain("secrets.json");
      expect(readdirSync(store.dataDir)).not.toContain("secrets.json.lock");
      const stored = JSON.parse(readFileSync(path.join(store.dataDir, "secrets.json"), "utf8"));
      expect(Object.keys(stored).sort()).toEqual(["altcha", "csrf", "session"]);

      const [first, second] = nodes as [NodeProcess, NodeProcess];
      const client = new TestClient(first.url);
      await client.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const elsewhere = sameSession(client, second.url);
      expect((await elsewhere.get("/auth/pulse-check")).status).toBe(200);
      // A write checks the CSRF token, signed with the other node's secret.
      expect((await elsewhere.post("/api/notification/mark-all-read")).status).toBe(200);
    });
  },
);
