/**
 * The built web app as the server sends it: a tiny dist in a temp folder,
 * compressed by the build's own plugin code, served by the real registerWebApp behind the real
 * security headers. Each asset goes out as brotli, gzip or as is, by Accept-Encoding, with Vary;
 * deep links still get index.html (compressed too, never cached without revalidation).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../../scripts/precompress.ts";
import type { Config } from "../config.ts";
import { registerSecurityHeaders } from "./security.ts";
import { registerWebApp } from "./webApp.ts";

const ASSET = "/assets/index-Ab12Cd34.js";
const script = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\nconsole.log(greeting);\n`;
const indexHtml = `<!doctype html><html><head><title>Support</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(20)}<script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;
const tinyScript = "export const x = 1;\n";
const locale = JSON.stringify(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`key_${i}`, `Text ${i}`])));

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "helpdesk-webapp-"));
  mkdirSync(path.join(root, "assets"));
  mkdirSync(path.join(root, "locales", "en"), { recursive: true });
  writeFileSync(path.join(root, "index.html"), indexHtml);
  writeFileSync(path.join(root, ASSET), script);
  writeFileSync(path.join(root, "assets", "tiny-Zz99.js"), tinyScript);
  writeFileSync(path.join(root, "locales", "en", "common.json"), locale);
  precompressDirectory(root);
  app = Fastify();
  await registerSecurityHeaders(app, { publicUrl: undefined } as Config);
  await registerWebApp(app, root);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
}

describe("the build's precompression", () => {
  it("writes a smaller .br and .gz next to each text file and skips files too small to gain", () => {
    const results = precompressDirectory(root);
    const byFile = new Map(results.map((r) => [r.file.split(path.sep).join("/"), r]));
    for (const file of ["index.html", ASSET.slice(1), "locales/en/common.json"]) {
      const result = byFile.get(file);
      expect(result?.br).toBeLessThan(result?.bytes ?? 0);
      expect(result?.gz).toBeLessThan(result?.bytes ?? 0);
    }
    expect(byFile.has("assets/tiny-Zz99.js")).toBe(false);
  });
});

describe("serving the built web app", () => {
  it("sends a hashed asset as brotli when the browser accepts br, cached for good", async () => {
    const res = await get(ASSET, "gzip, deflate, br, zstd");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it("sends gzip to a browser that accepts gzip only", async () => {
    const res = await get(ASSET, "gzip, deflate");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it("honours a refused encoding", async () => {
    const res = await get(ASSET, "br;q=0, gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("sends the file as is when no encoding is accepted, still with Vary", async () => {
    for (const accept of [undefined, "identity"]) {
      const res = await get(ASSET, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(script);
    }
  });

  it("sends a file without compressed copies as is, even to a browser that accepts br", async () => {
    const res = await get("/assets/tiny-Zz99.js", "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(tinyScript);
  });

  it("compresses the locale files, cached briefly", async () => {
    const res = await get("/locales/en/common.json?v=2.09", "br");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/json/);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(JSON.parse(locale));
  });

  it("answers a deep link and the root with index.html, compressed, revalidated each time, under the CSP", async () => {
    for (const [url, accept, decode] of [
      ["/member/home", "gzip, deflate, br", brotliDecompressSync],
      ["/admin/setup/category-setup?x=1", "gzip", gunzipSync],
      ["/", "br", brotliDecompressSync],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["content-encoding"]).toBe(accept === "gzip" ? "gzip" : "br");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["content-security-policy"]).toMatch(/script-src 'self'/);
      expect(decode(res.rawPayload).toString()).toBe(indexHtml);
    }
    const plain = await get("/member/ticket-history");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });

  it("answers a missing asset or API path with a coded 404, not the page", async () => {
    for (const url of ["/assets/gone-1234.js", "/api/nothing-here", "/locales/xx/common.json"]) {
      const res = await get(url, "br, gzip");
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found" });
    }
  });
});
