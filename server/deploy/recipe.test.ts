/**
 * The README's deployment recipe is the one that is tested: its nginx block is deploy/nginx.conf,
 * which server/deploy/nginx.test.ts runs, and its systemd block is deploy/helpdesk@.service.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderNginxConf } from "../test/nginx.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The fenced blocks of one language in a Markdown text, their list indentation removed. */
function fencedBlocks(markdown: string, language: string): string[] {
  const blocks: string[] = [];
  const fence = new RegExp(`^( *)\`\`\`${language}\\n([\\s\\S]*?)^\\1\`\`\`$`, "gm");
  for (const match of markdown.matchAll(fence)) {
    const indent = match[1] ?? "";
    blocks.push(
      (match[2] ?? "")
        .split("\n")
        .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
        .join("\n"),
    );
  }
  return blocks;
}

describe("the README's deployment recipe", () => {
  const readme = read("README.md");

  it("shows deploy/nginx.conf as it is, the file the nginx test runs", () => {
    expect(fencedBlocks(readme, "nginx")).toEqual([read("deploy/nginx.conf")]);
  });

  it("shows deploy/helpdesk@.service as it is", () => {
    expect(fencedBlocks(readme, "ini")).toEqual([read("deploy/helpdesk@.service")]);
  });

  it("has in deploy/nginx.conf the lines the test rewrites, once each", () => {
    const conf = renderNginxConf(read("deploy/nginx.conf"), 8080, [4001, 4002]);
    expect(conf).toContain("listen 127.0.0.1:8080;");
    expect(conf).toContain("server 127.0.0.1:4001 ");
    expect(conf).toContain("server 127.0.0.1:4002 ");
    expect(() => renderNginxConf("server { listen 81; }", 8080, [4001, 4002])).toThrow(/listen 80/);
  });

  it("lets systemd wait longer than the node's own graceful shutdown before it kills", () => {
    const unit = read("deploy/helpdesk@.service");
    const main = read("server/main.ts");
    const nodeMs = Number(/SHUTDOWN_TIMEOUT_MS = ([\d_]+)/.exec(main)?.[1]?.replaceAll("_", ""));
    const systemdSeconds = Number(/^TimeoutStopSec=(\d+)s$/m.exec(unit)?.[1]);
    expect(nodeMs).toBeGreaterThan(0);
    expect(systemdSeconds * 1000).toBeGreaterThan(nodeMs);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^EnvironmentFile=/m);
  });

  it("lets nginx take the largest upload the nodes accept", () => {
    const conf = read("deploy/nginx.conf");
    const megabytes = Number(/client_max_body_size (\d+)m;/.exec(conf)?.[1]);
    const config = read("server/config.ts");
    const fileBytes = Number(
      /UPLOAD_MAX_BYTES: z\.coerce[^\n]*default\(([\d_]+)\)/.exec(config)?.[1]?.replaceAll("_", ""),
    );
    const filesPerRequest = Number(/attachments: (\d+),/.exec(read("common/constants.ts"))?.[1]);
    expect(fileBytes).toBe(52_428_800);
    expect(filesPerRequest).toBe(5);
    expect(megabytes * 1024 * 1024).toBeGreaterThanOrEqual(fileBytes * filesPerRequest);
  });
});
