/**
 * DATA_DIR/secrets.json when several nodes share DATA_DIR: nodes started at the same
 * moment agree on one set of secrets, an upgrade adds only what is missing, and what the
 * environment gives is used but never written down.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSecrets, type Secrets, SecretsFileError } from "./secretsFile.ts";

const MODULE = path.resolve(import.meta.dirname, "secretsFile.ts");
const dirs: string[] = [];

function freshDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "helpdesk-secrets-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A separate Node process that waits until `startAt`, loads the secrets and prints them. */
function nodeProcess(dir: string, startAt: number): Promise<Secrets> {
  const script = `
    const { loadSecrets } = await import(${JSON.stringify(MODULE)});
    while (Date.now() < ${startAt}) {}
    process.stdout.write(JSON.stringify(loadSecrets(${JSON.stringify(dir)}, {})));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(JSON.parse(out) as Secrets);
      else reject(new Error(`node exited with ${code}: ${err}`));
    });
  });
}

describe("secrets.json shared by several nodes", () => {
  it("gives nodes started at the same moment on an empty DATA_DIR one set of secrets", async () => {
    const dir = freshDir();
    // Every process starts its load at the same instant, once all have started up.
    const startAt = Date.now() + 2_000;
    const loaded = await Promise.all(Array.from({ length: 8 }, () => nodeProcess(dir, startAt)));
    const stored = JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8")) as Secrets;
    for (const secrets of loaded) expect(secrets).toEqual(stored);
    expect(stored.session).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set([stored.session, stored.csrf, stored.altcha]).size).toBe(3);
    // No lock and no temporary file left behind.
    expect(readdirSync(dir)).toEqual(["secrets.json"]);
  }, 30_000);

  it("keeps what is stored and adds only the secret that is missing", () => {
    const dir = freshDir();
    const file = path.join(dir, "secrets.json");
    const session = "s".repeat(64);
    const csrf = "c".repeat(64);
    writeFileSync(file, JSON.stringify({ session, csrf }));
    const secrets = loadSecrets(dir, {});
    expect(secrets).toMatchObject({ session, csrf });
    expect(secrets.altcha).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(secrets);
    expect(loadSecrets(dir, {})).toEqual(secrets);
  });

  it("uses the environment's secrets without writing them to the file", () => {
    const dir = freshDir();
    const given = { session: "e".repeat(40), csrf: "f".repeat(40), altcha: "g".repeat(40) };
    expect(loadSecrets(dir, given)).toEqual(given);
    expect(readdirSync(dir)).toEqual([]);
    const partly = loadSecrets(dir, { session: given.session });
    expect(partly.session).toBe(given.session);
    const stored = JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8"));
    expect(Object.keys(stored).sort()).toEqual(["altcha", "csrf"]);
    expect(stored).toMatchObject({ csrf: partly.csrf, altcha: partly.altcha });
  });

  it("refuses a file that is not JSON instead of replacing it (new secrets sign everyone out)", () => {
    const dir = freshDir();
    const file = path.join(dir, "secrets.json");
    writeFileSync(file, "{ not json");
    expect(() => loadSecrets(dir, {})).toThrow(SecretsFileError);
    expect(() => loadSecrets(dir, {})).toThrow(/secrets\.json is not valid JSON/);
    expect(readFileSync(file, "utf8")).toBe("{ not json");
  });

  it("takes over a lock left by a node that died while holding it", () => {
    const dir = freshDir();
    const lock = path.join(dir, "secrets.json.lock");
    writeFileSync(lock, "");
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const secrets = loadSecrets(dir, {});
    expect(JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8"))).toEqual(secrets);
    expect(readdirSync(dir)).toEqual(["secrets.json"]);
  });
});
