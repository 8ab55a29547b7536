/**
 * Serves the built web app (dist/web): hashed assets cached for good, locales briefly, and
 * index.html for every other GET so that the client router can answer deep links. Every file,
 * index.html included, goes out as the brotli or gzip copy the build wrote next to it
 * (scripts/precompress.ts) when the browser accepts one, with `Vary: accept-encoding`.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { ERRORS } from "../../common/errors.ts";

/** Fastify's default maxParamLength: a longer path parameter is refused with 414. */
const MAX_PARAM_LENGTH = 100;

const API_PREFIXES = ["/api/", "/auth/", "/auth2/", "/download/", "/socket.io/", "/locales/", "/assets/"];

export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, "index.html");
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else if (filePath.includes(`${path.sep}locales${path.sep}`)) {
          res.header("cache-control", "public, max-age=300");
        } else {
          res.header("cache-control", "no-cache");
        }
      },
    });
  }
  // Through the static plugin, so the page gets the compressed copy too; setHeaders makes it no-cache.
  const sendIndex = (reply: FastifyReply) =>
    built
      ? reply.code(200).sendFile("index.html")
      : reply
          .code(503)
          .type("text/plain")
          .send("The web app is not built yet: run `npm run build` (npm start does it for you).");

  // The static plugin would answer the root folder itself (403); the root is a page like any other.
  app.get("/", (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage = request.method === "GET" && !API_PREFIXES.some((p) => pathname.startsWith(p));
    if (!isPage) {
      // With the app built, the static catch-all takes a path whose parameter is over the
      // router's length limit (say /download/{1000 characters}) before the router can refuse it:
      // answer as the router does without the build.
      if (pathname.split("/").some((segment) => segment.length > MAX_PARAM_LENGTH)) {
        return reply
          .code(ERRORS.uri_too_long.status)
          .send({ detail: ERRORS.uri_too_long.message, code: "uri_too_long" });
      }
      return reply.code(404).send({ detail: "Not found.", code: "not_found" });
    }
    return sendIndex(reply);
  });
}
