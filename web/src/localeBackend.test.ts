/** The locale backend against a real HTTP server: data, retry on 5xx and network errors, no retry on 4xx or bad JSON. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchLocale, localeBackend, localePath } from "./localeBackend.ts";

let server: Server;
let base = "";
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? "");
    const path = new URL(request.url ?? "/", "http://x").pathname;
    if (path === "/locales/de/common.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ nav: { home: "Startseite" } }));
    } else if (path === "/locales/de/broken.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{not json");
    } else if (path === "/locales/de/list.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("[1,2]");
    } else if (path === "/locales/de/down.json") {
      response.writeHead(503);
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("localeBackend", () => {
  it("builds the path with the version as cache buster", () => {
    expect(localePath("pt-BR", "common", "v9")).toBe("/locales/pt-BR/common.json?v=v9");
  });

  it("returns the namespace's JSON", async () => {
    expect(await fetchLocale(`${base}${localePath("de", "common", "1")}`)).toEqual({
      data: { nav: { home: "Startseite" } },
    });
    expect(seen).toContain("/locales/de/common.json?v=1");
  });

  it("asks for a retry on a 5xx and a network failure, not on a 404 or a bad body", async () => {
    expect(await fetchLocale(`${base}/locales/de/down.json`)).toMatchObject({ retry: true });
    expect(await fetchLocale(`${base}/locales/xx/none.json`)).toMatchObject({ retry: false });
    expect(await fetchLocale(`${base}/locales/de/broken.json`)).toMatchObject({ retry: false });
    expect(await fetchLocale(`${base}/locales/de/list.json`)).toMatchObject({ retry: false });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await fetchLocale(`http://127.0.0.1:${port}/locales/de/common.json`)).toMatchObject({ retry: true });
  });

  it("answers i18next's read through its callback", async () => {
    const backend = localeBackend("1");
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string, init?: RequestInit) => original(`${base}${url}`, init)) as typeof fetch;
    try {
      const result = await new Promise<[unknown, unknown]>((resolve) =>
        backend.read("de", "common", (error, data) => resolve([error, data])),
      );
      expect(result).toEqual([null, { nav: { home: "Startseite" } }]);
      const failed = await new Promise<[unknown, unknown]>((resolve) =>
        backend.read("de", "down", (error, data) => resolve([error, data])),
      );
      expect(failed[0]).toMatch(/status 503/);
      expect(failed[1]).toBe(true);
    } finally {
      globalThis.fetch = original;
    }
  });
});
