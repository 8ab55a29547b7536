/**
 * The secrets a node generates when the environment does not give them, kept in
 * DATA_DIR/secrets.json so that they survive a restart. Several nodes share DATA_DIR:
 * nodes started at the same moment on an empty DATA_DIR must all end up with the same secrets, or
 * a session signed by one is refused by the other. So the file is only ever written under a lock
 * file (an exclusive create), re-read inside the lock, and replaced by a rename, so that a reader
 * never sees half of it.
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

export const SECRET_NAMES = ["session", "csrf", "altcha"] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
export type Secrets = Record<SecretName, string>;

/** How long a node waits for another node's lock before it gives up and says so. */
const LOCK_WAIT_MS = 10_000;
/** A lock this old was left by a node that died inside it (it holds it for milliseconds). */
const STALE_LOCK_MS = 30_000;

export class SecretsFileError extends Error {}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function readStored(file: string): Partial<Secrets> {
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    throw new SecretsFileError(`${file} is not valid JSON: fix it or remove it (new secrets sign everyone out)`);
  }
  const stored: Partial<Secrets> = {};
  if (typeof parsed !== "object" || parsed === null) return stored;
  for (const name of SECRET_NAMES) {
    const value = (parsed as Record<string, unknown>)[name];
    if (typeof value === "string" && value.length >= 32) stored[name] = value;
  }
  return stored;
}

function withLock<T>(lockFile: string, work: () => T): T {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    let fd: number;
    try {
      fd = openSync(lockFile, "wx", 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lockFile).mtimeMs > STALE_LOCK_MS) unlinkSync(lockFile);
      } catch {
        // Gone meanwhile: the other node finished.
      }
      if (Date.now() > deadline) {
        throw new SecretsFileError(
          `${lockFile} has been held for ${LOCK_WAIT_MS / 1000} s: remove it if no node is starting`,
        );
      }
      sleepSync(25);
      continue;
    }
    try {
      return work();
    } finally {
      closeSync(fd);
      unlinkSync(lockFile);
    }
  }
}

/**
 * The secrets: each from `given` (the environment) when set, else from the file, else generated
 * once and written there. Values given by the environment are not written to the file.
 */
export function loadSecrets(dataDir: string, given: { [name in SecretName]?: string | undefined }): Secrets {
  const file = path.join(dataDir, "secrets.json");
  const missing = (stored: Partial<Secrets>) => SECRET_NAMES.filter((name) => !given[name] && !stored[name]);
  let stored = readStored(file);
  if (missing(stored).length > 0) {
    stored = withLock(`${file}.lock`, () => {
      // Another node may have written them while this one waited.
      const current = readStored(file);
      const absent = missing(current);
      if (absent.length === 0) return current;
      const next: Partial<Secrets> = { ...current };
      for (const name of absent) next[name] = randomBytes(32).toString("hex");
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(next), { mode: 0o600 });
      renameSync(temporary, file);
      return next;
    });
  }
  const secrets = {} as Secrets;
  for (const name of SECRET_NAMES) {
    const value = given[name] ?? stored[name];
    if (!value) throw new SecretsFileError(`the ${name} secret could not be read or generated`);
    secrets[name] = value;
  }
  return secrets;
}
