/**
 * A Vite plugin of ours: after `vite build` has written dist/web, every text file there (the
 * hashed JS and CSS, index.html, the locale files, the SVGs) gets a brotli `.br` and a gzip `.gz`
 * next to it, at the highest levels, once. The server's static plugin (preCompressed) then sends
 * the one the browser accepts, so no request pays for compression.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Logger, Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|wasm)$/;
/** Below this a compressed file saves less than the headers it costs. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

/** Writes `file.br` and `file.gz` for each compressible file of `dir`; a variant that would not be smaller is left out. */
export function precompressDirectory(dir: string): PrecompressResult[] {
  const results: PrecompressResult[] = [];
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const result: PrecompressResult = { file: path.relative(dir, file), bytes: source.length };
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    if (br.length < source.length) {
      writeFileSync(`${file}.br`, br);
      result.br = br.length;
    }
    const gz = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    if (gz.length < source.length) {
      writeFileSync(`${file}.gz`, gz);
      result.gz = gz.length;
    }
    results.push(result);
  }
  return results;
}

export function precompress(): Plugin {
  let outDir = "";
  let logger: Logger | undefined;
  return {
    name: "helpdesk-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    // closeBundle, not writeBundle: the public folder (locales) is copied by then too.
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        if (!statSync(outDir, { throwIfNoEntry: false })?.isDirectory()) return;
        const results = precompressDirectory(outDir);
        const raw = results.reduce((sum, r) => sum + r.bytes, 0);
        const br = results.reduce((sum, r) => sum + (r.br ?? r.bytes), 0);
        logger?.info(
          `precompressed ${results.length} files: ${(raw / 1000).toFixed(0)} kB, brotli ${(br / 1000).toFixed(0)} kB`,
        );
      },
    },
  };
}
