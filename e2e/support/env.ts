/** Ports, credentials and accounts of the end-to-end runs (the --demo seed's people). */
import os from "node:os";
import path from "node:path";

/**
 * The first server's port. Each worker has three ports from E2E_PORT + 3i: its server's, and two
 * above it for the specs that start servers of their own.
 */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * How many Playwright workers run the specs, each against a server of its own (E2E_WORKERS,
 * default 2): specs on different workers never see each other's data.
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export function serverPort(index: number): number {
  return FIRST_PORT + 3 * index;
}
/**
 * This process's server: a Playwright worker's own (TEST_PARALLEL_INDEX runs from 0 to
 * workers - 1, and a worker loads this file, and the config, with it already set); server 0
 * in the runner.
 */
export const PORT = serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** The connection-banner test's own server, which it stops and starts again. */
export const RESTART_PORT = PORT + 1;
/** The first-run spec's own server: a first start with no demo data and a generated admin password. */
export const FIRST_START_PORT = PORT + 2;
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "Adm1n!Str0ng#Pass";
export const DEMO_PASSWORD = "Dem0!Str0ng#Pass";
/** The game's bearer key for POST /api/integration/upsert-member (creates members with set-up links). */
export const INTEGRATION_API_KEY = "e2e-integration-key-0123456789abcdef";

export const ACCOUNTS = {
  admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  mod: { email: "mod@demo.test", password: DEMO_PASSWORD },
  dev: { email: "dev@demo.test", password: DEMO_PASSWORD },
  player: { email: "player1@demo.test", password: DEMO_PASSWORD },
  player2: { email: "player2@demo.test", password: DEMO_PASSWORD },
  player3: { email: "player3@demo.test", password: DEMO_PASSWORD },
  /** Files nothing in any spec: never at a filing limit when a spec needs the create-ticket form. */
  player5: { email: "player5@demo.test", password: DEMO_PASSWORD },
} as const;
export type AccountName = keyof typeof ACCOUNTS;
/** A demo admin no other spec signs in as: the account spec changes its profile. */
export const SWITCH_USER = { email: "admin2@demo.test", password: DEMO_PASSWORD } as const;

/** Signed-in browser states saved by the setup project, one file per account and server. */
export const AUTH_DIR = path.join(os.tmpdir(), `helpdesk-e2e-auth-${FIRST_PORT}`);
export function storageStatePath(account: AccountName, port = PORT): string {
  return path.join(AUTH_DIR, `${account}-${port}.json`);
}

export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    INTEGRATION_API_KEY,
    // The one account shown the developer page's Switch (e2e/account.spec.ts).
    DEV_SWITCH_USER_EMAIL: SWITCH_USER.email,
    // The bot check stays on, with a small proof of work: the widget is still solved in the
    // browser, in milliseconds instead of seconds on a loaded machine.
    CAPTCHA_MAX_COUNTER: "1000",
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  };
}
