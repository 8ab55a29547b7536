/** Route limits (`config.rateLimit`) count in the shared store, so they hold across nodes. */
import { describe, expect, it } from "vitest";
import { ENGINES, LIMIT_STORES } from "../test/engines.ts";
import { startSecondNode } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("route limits on %s", (engine) => {
  describe.each(LIMIT_STORES)("with the %s store", (limits) => {
    const server = useTestServer(engine, {}, { limits });

    it("hold across two nodes sharing the store, per route", async () => {
      const second = await startSecondNode(server);
      try {
        const nodes = [server.client(), second.client()];
        // check-password-token allows 30 a minute per address: the two nodes count together.
        const statuses: number[] = [];
        for (let i = 0; i < 32; i++) {
          const res = await nodes[i % 2]!.post("/auth2/check-password-token", { password_token: `guess-${i}` });
          statuses.push(res.status);
        }
        expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
        expect(statuses.slice(30)).toEqual([429, 429]);
        const refused = await nodes[0]!.post("/auth2/check-password-token", { password_token: "x" });
        expect(refused.body).toMatchObject({ code: "rate_limited" });
        // Another route keeps its own count.
        expect((await nodes[1]!.get("/api/config/public")).status).toBe(200);
      } finally {
        await second.close();
      }
      // Closing a node that shares the store leaves the store to its owner.
      expect((await server.node.ctx.limits.peek("probe", { max: 1, windowSeconds: 60 })).count).toBe(0);
    });
  });
});
