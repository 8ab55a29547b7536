/**
 * The authorization matrix: every route and socket event of server/test/accessMatrix.ts,
 * called by each kind of caller over real HTTP and a real socket.io client, on both engines.
 * A route or event without a row fails the completeness tests; a cell marked `known` in the table
 * runs as an expected failure until its cause is fixed.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../common/contract/endpoints.ts";
import { SCHEMAS } from "../common/contract/schemas.ts";
import * as handlerModule from "./realtime/handlers.ts";
import { type AccessWorld, buildAccessWorld, INTEGRATION_KEY, sendAccessRequest } from "./test/accessFixtures.ts";
import {
  ACCESS_MATRIX,
  type AccessCase,
  type Expected,
  ROLES,
  type RouteAccess,
  SOCKET_MATRIX,
  type SocketRole,
} from "./test/accessMatrix.ts";
import { ENGINES } from "./test/engines.ts";
import { accessRefusal } from "./test/routeAccess.ts";
import { connected, emitWithAck } from "./test/server.ts";
import { useTestServer } from "./test/useTestServer.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WEB_BUILT = existsSync(path.join(ROOT, "dist", "web", "index.html"));
/** socket.io's own events, not the app's. */
const RESERVED_EVENTS = new Set(["disconnect", "disconnecting", "error", "newListener", "removeListener"]);

const statuses = (expected: Expected) => (typeof expected === "number" ? [expected] : [...expected]);
const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The inbound events the app handles: its handler map's keys (whatever the map is called). */
function handlerMapEvents(): string[] {
  for (const value of Object.values(handlerModule)) {
    if (value && typeof value === "object" && "join_chatroom" in value) return Object.keys(value);
  }
  return [];
}

/** The routes of the contract by method and path: their access is checked before their input. */
const CONTRACT = new Map(
  Object.entries(ENDPOINTS).map(([name, endpoint]) => [`${endpoint.method} ${endpoint.path}`, { name, endpoint }]),
);

/** A body no route's schema accepts: every body schema is an object. */
const NOT_AN_OBJECT = ["not", "an", "object"];

/** Run a cell; a `known` cell is expected to fail (and turns red once its cause is fixed). */
function cell(known: string | undefined) {
  return known ? it.fails : it;
}

describe.each(ENGINES)("authorization matrix on %s", (engine) => {
  const server = useTestServer(engine, { INTEGRATION_API_KEY: INTEGRATION_KEY });

  it("has a row for every registered route, and a route for every row", () => {
    const registered = new Set(server.node.routes.filter((r) => r.method !== "HEAD").map(routeKey));
    const rows = new Set(ACCESS_MATRIX.map(routeKey));
    expect(
      [...registered].filter((key) => !rows.has(key)),
      "routes without a row in accessMatrix.ts",
    ).toEqual([]);
    const stale = ACCESS_MATRIX.filter((r) => !registered.has(routeKey(r)) && !(r.onlyWhenBuilt && !WEB_BUILT));
    expect(stale.map(routeKey), "rows without a route").toEqual([]);
  });

  it("registers every API route from the contract", () => {
    // File URLs for links and images, and the OpenAPI document, are not calls of the web app.
    const outside = new Set(["GET /api/profile/avatar/:filename", "GET /api/docs", "GET /api/docs/json"]);
    const api = server.node.routes
      .filter((r) => r.method !== "HEAD" && /^\/(api|auth2?)\//.test(r.url))
      .map(routeKey)
      .filter((key) => !outside.has(key));
    expect(api.filter((key) => !CONTRACT.has(key))).toEqual([]);
  });

  it("has a row for every socket event the app handles", async () => {
    // The events a live socket listens to, and the handler map's keys: a dispatcher that does
    // not register per-event listeners still cannot hide an event from this test.
    const world = await buildAccessWorld(server);
    const socket = world.clients.memberA.socket();
    await connected(socket);
    const serverSocket = [...server.node.io.sockets.sockets.values()].find((s) => s.id === socket.id);
    const listened = (serverSocket?.eventNames() ?? []).map(String).filter((e) => !RESERVED_EVENTS.has(e));
    socket.close();
    const handled = new Set([...listened, ...handlerMapEvents()]);
    expect(handled.size, "no inbound socket event found at all").toBeGreaterThan(0);
    const rows = new Set(SOCKET_MATRIX.map((s) => s.event));
    expect(
      [...handled].filter((e) => !rows.has(e)),
      "socket events without a row in accessMatrix.ts",
    ).toEqual([]);
    expect(
      [...rows].filter((e) => !handled.has(e)),
      "rows without a socket event",
    ).toEqual([]);
  });

  it("gives anonymous callers no socket", async () => {
    const socket = server.client().socket();
    await expect(connected(socket)).rejects.toThrow("not_authenticated");
  });

  describe.each(ACCESS_MATRIX.filter((r) => !r.onlyWhenBuilt || WEB_BUILT).map((r) => [routeKey(r), r] as const))(
    "%s",
    (_key, route: RouteAccess) => {
      describe.each(route.cases.map((c) => [c.name, c] as const))("%s", (_name, testCase: AccessCase) => {
        let world: AccessWorld;
        beforeAll(async () => {
          world = await buildAccessWorld(server);
        });

        for (const role of ROLES) {
          const expected = statuses(testCase.expect[role]);
          const known = testCase.known?.[role];
          cell(known)(`${role} → ${expected.join(" or ")}${known ? ` (${known})` : ""}`, async () => {
            const spec = await testCase.request(world.fixtures, role);
            const response = await sendAccessRequest(world.clients[role], route.method, spec.path ?? route.url, spec);
            expect(expected, JSON.stringify(response.body).slice(0, 300)).toContain(response.status);
          });
        }

        const contract = CONTRACT.get(routeKey(route));
        const validatesBody = contract && "body" in SCHEMAS[contract.name as keyof typeof SCHEMAS];
        if (contract && validatesBody && testCase === route.cases[0]) {
          // Whoever may not use the route is refused as with a valid body, and learns nothing of
          // its fields; whoever may is told the body is wrong.
          for (const role of ROLES) {
            const refusal = accessRefusal(contract.endpoint.access, role);
            const expected = refusal ? [refusal] : [400, 422];
            it(`${role}, invalid body → ${expected.join(" or ")}`, async () => {
              const response = await world.clients[role].request(route.method, route.url, NOT_AN_OBJECT);
              expect(expected, JSON.stringify(response.body).slice(0, 300)).toContain(response.status);
              if (refusal) expect(JSON.stringify(response.body)).not.toContain('"loc"');
            });
          }
        }

        if (route.method !== "GET" && route.csrf !== false && testCase === route.cases[0]) {
          // DESIGN wire contract: a missing token is 403, before anything else is looked at.
          for (const role of ["anonymous", "memberA"] as const) {
            it(`${role} without a CSRF token → 403`, async () => {
              const spec = await testCase.request(world.fixtures, role);
              const response = await sendAccessRequest(world.clients[role], route.method, route.url, spec, {
                csrf: false,
              });
              expect(response.status).toBe(403);
            });
            it(`${role} without a CSRF token, malformed body → 403`, async () => {
              const response = await world.clients[role].request(
                route.method,
                route.url,
                { unexpected: ["x"], ticket_id: "not a number", chat_id: {}, username: 1, page: -1 },
                { csrf: false },
              );
              expect(response.status).toBe(403);
            });
          }
        }
      });
    },
  );

  describe.each(
    SOCKET_MATRIX.flatMap((row) => row.cases.map((c) => [`${row.event}: ${c.name}`, row.event, c] as const)),
  )("socket %s", (_title, event, testCase) => {
    let world: AccessWorld;
    beforeAll(async () => {
      world = await buildAccessWorld(server);
    });

    for (const role of ROLES.filter((r): r is SocketRole => r !== "anonymous")) {
      const expected = testCase.expect[role];
      const known = testCase.known?.[role];
      cell(known)(`${role} → ${expected}${known ? ` (${known})` : ""}`, async () => {
        const socket = world.clients[role].socket();
        try {
          await connected(socket);
          const ack = await emitWithAck<{ ok: boolean; error?: string }>(
            socket,
            event,
            testCase.payload(world.fixtures, role),
          );
          expect(ack.ok ? "ok" : ack.error, JSON.stringify(ack).slice(0, 300)).toBe(expected);
        } finally {
          socket.close();
        }
      });
    }
  });
});
