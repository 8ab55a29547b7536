/**
 * Authorization rows for what a balancer and a scraper ask: /healthz and
 * /readyz answer everyone (they say nothing but up or not); /metrics answers a scraper on this
 * machine that came through no proxy, as the matrix's requests do, and otherwise hides
 * (server/operations.test.ts: proxied requests and the METRICS_TOKEN). The OpenAPI document at
 * /api/docs is for staff and for the game's integration, by its bearer key.
 */
import { outcomes, type RouteAccess } from "./shared.ts";

const EVERYONE = outcomes({ everyone: 200 });

export const OPERATIONS_ROUTES: RouteAccess[] = [
  {
    method: "GET",
    url: "/healthz",
    schema: null,
    cases: [{ name: "alive", request: () => ({}), expect: EVERYONE }],
  },
  {
    method: "GET",
    url: "/readyz",
    schema: null,
    cases: [{ name: "ready", request: () => ({}), expect: EVERYONE }],
  },
  {
    method: "GET",
    url: "/metrics",
    schema: null,
    cases: [
      { name: "from this machine", request: () => ({}), expect: EVERYONE },
      {
        name: "through a proxy",
        request: () => ({ headers: { "x-forwarded-for": "203.0.113.9" } }),
        expect: outcomes({ everyone: 404 }),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/docs",
    schema: null,
    cases: [
      {
        name: "signed in",
        request: () => ({}),
        expect: outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 200 }),
      },
      {
        name: "with the integration key",
        request: (f) => ({ headers: { authorization: `Bearer ${f.integrationKey}` } }),
        expect: EVERYONE,
      },
      {
        name: "with a wrong key",
        request: () => ({ headers: { authorization: "Bearer not-the-integration-key-000000" } }),
        expect: outcomes({ everyone: 401 }),
      },
    ],
  },
];
