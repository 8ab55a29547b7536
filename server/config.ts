/**
 * Configuration from the environment, validated at start: a bad value stops the server with a
 * message naming the variable. Secrets come from the environment or are generated once and kept
 * in DATA_DIR/secrets.json.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PublicLinks } from "../common/schemas/publicConfig.ts";
import { isTimeZone } from "../common/zonedTime.ts";
import { loadSecrets, SecretsFileError } from "./secretsFile.ts";

/** Where SQLite, uploads and generated secrets live when DATA_DIR is unset. */
export const DEFAULT_DATA_DIR = "./data";
/** Highest counter of a bot-check challenge: tuned for ~0.5-1 s of proof of work in a browser. */
export const DEFAULT_CAPTCHA_MAX_COUNTER = 100_000;

const flag = z.enum(["on", "off", "true", "false", "1", "0"]).transform((v) => v === "on" || v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres|postgresql):\/\//, "must be a postgres:// URL; leave unset for the embedded SQLite file")
    .optional(),
  /** A PostgreSQL statement unanswered this long fails (503) and its connection is dropped; 0 = never. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** SQLite: past this size the WAL is copied into the database file and started anew. */
  SQLITE_WAL_MAX_MB: z.coerce.number().int().min(1).max(65_536).default(64),
  /** PostgreSQL: keep the chat's hot statements prepared per connection (off behind a pooler without them). */
  DATABASE_PREPARED_STATEMENTS: flag.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  /** Prefix of every Redis key and channel: help desks (or test suites) sharing one Redis stay apart. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, "letters, digits, ':', '_' and '-' only, at most 40")
    .default("hd:"),
  PUBLIC_URL: z.url().optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(52_428_800),
  /** Bytes one account, and one address, may upload in 10 minutes. */
  UPLOAD_BUDGET_BYTES: z.coerce.number().int().positive().default(209_715_200),
  /** Uploads not attached to a ticket within this many minutes are removed. */
  UPLOAD_ORPHAN_MINUTES: z.coerce.number().int().positive().default(60),
  AUTO_CLOSE_HOURS: z.coerce.number().positive().default(72),
  /** Fractions allowed (a test waits seconds): ended tickets' files are removed after this. */
  ATTACHMENT_RETENTION_DAYS: z.coerce.number().positive().default(90),
  /** How often this node runs the background sweeps (auto-close, attachments, ban expiry, …). */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  BUSINESS_TIMEZONE: z.string().refine(isTimeZone, "not a known IANA time zone").default("Europe/Istanbul"),
  CAPTCHA: z.enum(["altcha", "off"]).default("altcha"),
  /**
   * Highest counter of an ALTCHA challenge: the work a browser does to pass the bot check grows
   * with it. Below the default is for tests only (refused when NODE_ENV=production).
   */
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(1000).max(10_000_000).default(DEFAULT_CAPTCHA_MAX_COUNTER),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  CSRF_SECRET: z.string().min(32).optional(),
  ALTCHA_HMAC_KEY: z.string().min(32).optional(),
  TRUST_PROXY: flag.default(false),
  MEMBER_ACTIVE_TICKET_CAP: z.coerce.number().int().min(1).max(1000).optional(),
  /** Live sockets one user may hold at once, over every node (tabs, devices). */
  SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * A staff member whose ticket page has said nothing for this long leaves the page's viewers (a
   * tab that vanished without saying so). Pages repeat themselves every 10 s, so keep it at 20 or
   * more; fractions allowed (a test waits seconds).
   */
  PRESENCE_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(600).default(30),
  /** The least time between two views_changed events to staff, across all nodes. */
  VIEWS_CHANGED_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  GAME_SITE_URL: z.url().default("https://example.com"),
  GAME_LOGIN_URL: z.url().default("https://example.com/login"),
  // The game website's account pages linked from the member home, and the community links of
  // the footer. Unset ones derive from GAME_SITE_URL (or point at the network's own site).
  SAFE_ZONE_URL: z.url().optional(),
  CHANGE_PASSWORD_URL: z.url().optional(),
  DELETE_ACCOUNT_URL: z.url().optional(),
  DISCORD_URL: z.url().default("https://discord.com"),
  FACEBOOK_URL: z.url().default("https://facebook.com"),
  YOUTUBE_URL: z.url().default("https://youtube.com"),
  // Server-capacity warning of the dashboard (docs/decisions/dashboard.md).
  /** Warn when the upload volume or the SQLite database's volume has less free space than this. */
  CAPACITY_MIN_FREE_DISK_MB: z.coerce.number().int().min(0).max(1_000_000_000).default(1024),
  /** Warn when the database is larger than this; 0 = no limit (set it on a managed PostgreSQL plan). */
  CAPACITY_MAX_DATABASE_MB: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  /** Warn when this node holds more sockets than this. */
  CAPACITY_MAX_SOCKETS: z.coerce.number().int().min(1).max(10_000_000).default(5000),
  /** Warn when the 99th percentile of this node's event-loop delay over a minute passes this. */
  CAPACITY_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(1).max(60_000).default(200),
  /** Bearer key of the game's member integration; unset turns the integration API off. */
  INTEGRATION_API_KEY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().min(24, "must be at least 24 characters").optional(),
  ),
  /**
   * Bearer token of GET /metrics. Unset: /metrics answers only requests made on this machine
   * (loopback) that came through no proxy.
   */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().min(24, "must be at least 24 characters").optional(),
  ),
  /** The one account that sees the Switch button of the developer page (spec/3-staff-administration.md §2.6). */
  DEV_SWITCH_USER_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email().max(254).optional()),
});

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseQueryTimeoutMs: number;
  sqliteWalMaxMb: number;
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  publicUrl: string | undefined;
  uploadMaxBytes: number;
  /** Upload budget per account and per address, per 10 minutes. */
  uploadBudgetBytes: number;
  uploadOrphanMinutes: number;
  autoCloseHours: number;
  attachmentRetentionDays: number;
  sweepIntervalSeconds: number;
  businessTimezone: string;
  captcha: "altcha" | "off";
  /** Highest counter of a bot-check challenge (the proof of work's size). */
  captchaMaxCounter: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  secrets: { session: string; csrf: string; altcha: string };
  trustProxy: boolean;
  /** When set, written to app_settings at start: how many active tickets a member may hold. */
  memberActiveTicketCap: number | undefined;
  /** Live sockets per user; the next one is refused with `too_many_sockets`. */
  socketsPerUser: number;
  /** A ticket page's viewer who said nothing for this long is dropped (realtime/ticketPresence.ts). */
  presenceTimeoutSeconds: number;
  /** At most one views_changed in this many milliseconds, across all nodes (docs/decisions/views.md). */
  viewsChangedIntervalMs: number;
  logLevel: string;
  links: PublicLinks;
  /** Unset: /api/integration/* answers 404. */
  integrationApiKey: string | undefined;
  metricsToken: string | undefined;
  /** Thresholds of the server-capacity warning. */
  capacity: CapacityThresholds;
  /** Lower-case e-mail of the one staff account shown the developer page's Switch; unset: nobody. */
  devSwitchUserEmail: string | undefined;
}

export interface CapacityThresholds {
  minFreeDiskBytes: number;
  /** 0 = no limit. */
  maxDatabaseBytes: number;
  maxSockets: number;
  maxEventLoopDelayMs: number;
}

export class ConfigError extends Error {}

/** Variables whose value is never shown in a message, not even in part. */
const SECRET_VARIABLES = new Set([
  "SESSION_SECRET",
  "CSRF_SECRET",
  "ALTCHA_HMAC_KEY",
  "ADMIN_PASSWORD",
  "INTEGRATION_API_KEY",
  "METRICS_TOKEN",
]);
/** Variables holding URLs that may carry a password (`scheme://user:password@host`). */
const URL_VARIABLES = new Set(["DATABASE_URL", "REDIS_URL"]);
/** A value longer than this is cut in a message: the reader needs to recognise it, not read it all. */
const SHOWN_VALUE_CHARS = 80;

/**
 * How a received value appears in a configuration message: quoted as typed, so that a stray space
 * or an empty string can be seen; secrets as their length only; URLs with their password masked.
 */
export function shownValue(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name)) return `(hidden, ${value.length} characters)`;
  const masked = URL_VARIABLES.has(name) ? maskUrlPassword(value) : value;
  const cut = masked.length > SHOWN_VALUE_CHARS ? `${masked.slice(0, SHOWN_VALUE_CHARS)}…` : masked;
  return JSON.stringify(cut);
}

/**
 * `postgres://user:secret@host/db` -> `postgres://user:***@host/db`. The user information ends at
 * the last `@`, so a password holding `@` or `/` (unencoded, as people do type it) is masked whole;
 * user information without a user name is masked whole too (`redis://secret@host`).
 */
function maskUrlPassword(value: string): string {
  const at = value.lastIndexOf("@");
  if (at < 0) return value;
  const schemeEnd = value.indexOf("://");
  const start = schemeEnd >= 0 && schemeEnd < at ? schemeEnd + 3 : 0;
  const userInfo = value.slice(start, at);
  const colon = userInfo.indexOf(":");
  const shown = colon > 0 ? `${userInfo.slice(0, colon)}:***` : "***";
  return `${value.slice(0, start)}${shown}${value.slice(at)}`;
}

/** `UPLOAD_MAX_BYTES="abc": expected a number`, or `PUBLIC_URL: …` when the variable is unset. */
function describeIssue(issue: z.core.$ZodIssue, source: NodeJS.ProcessEnv): string {
  const name = issue.path.join(".");
  const value = typeof issue.path[0] === "string" ? source[issue.path[0]] : undefined;
  // A number read from text that is not one (z.coerce gives NaN) says "expected number, received NaN".
  const message =
    issue.code === "invalid_type" && issue.expected === "number" && value !== undefined
      ? "expected a number"
      : issue.message;
  return value === undefined ? `${name}: ${message}` : `${name}=${shownValue(name, value)}: ${message}`;
}

const MB = 1024 * 1024;

function secretsOf(dataDir: string, env: z.infer<typeof envSchema>): Config["secrets"] {
  try {
    return loadSecrets(dataDir, { session: env.SESSION_SECRET, csrf: env.CSRF_SECRET, altcha: env.ALTCHA_HMAC_KEY });
  } catch (error) {
    if (error instanceof SecretsFileError) throw new ConfigError(`Invalid configuration: ${error.message}`);
    throw error;
  }
}

function gameLinks(env: z.infer<typeof envSchema>): Config["links"] {
  const site = env.GAME_SITE_URL.replace(/\/$/, "");
  return {
    gameSite: site,
    gameLogin: env.GAME_LOGIN_URL,
    safeZone: env.SAFE_ZONE_URL ?? `${site}/account/safe-zone`,
    changePassword: env.CHANGE_PASSWORD_URL ?? `${site}/account/password`,
    deleteAccount: env.DELETE_ACCOUNT_URL ?? `${site}/account/delete`,
    discord: env.DISCORD_URL,
    facebook: env.FACEBOOK_URL,
    youtube: env.YOUTUBE_URL,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${describeIssue(issue, source)}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (env.CAPTCHA === "off" && env.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid configuration:\n  CAPTCHA: 'off' is for tests and demos and is refused when NODE_ENV=production",
    );
  }
  if (env.CAPTCHA_MAX_COUNTER < DEFAULT_CAPTCHA_MAX_COUNTER && env.NODE_ENV === "production") {
    throw new ConfigError(
      `Invalid configuration:\n  CAPTCHA_MAX_COUNTER=${env.CAPTCHA_MAX_COUNTER}: below ${DEFAULT_CAPTCHA_MAX_COUNTER} is for tests and is refused when NODE_ENV=production`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseQueryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    sqliteWalMaxMb: env.SQLITE_WAL_MAX_MB,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ""),
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadBudgetBytes: env.UPLOAD_BUDGET_BYTES,
    uploadOrphanMinutes: env.UPLOAD_ORPHAN_MINUTES,
    autoCloseHours: env.AUTO_CLOSE_HOURS,
    attachmentRetentionDays: env.ATTACHMENT_RETENTION_DAYS,
    sweepIntervalSeconds: env.SWEEP_INTERVAL_SECONDS,
    businessTimezone: env.BUSINESS_TIMEZONE,
    captcha: env.CAPTCHA,
    captchaMaxCounter: env.CAPTCHA_MAX_COUNTER,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    secrets: secretsOf(dataDir, env),
    trustProxy: env.TRUST_PROXY,
    memberActiveTicketCap: env.MEMBER_ACTIVE_TICKET_CAP,
    socketsPerUser: env.SOCKETS_PER_USER,
    presenceTimeoutSeconds: env.PRESENCE_TIMEOUT_SECONDS,
    viewsChangedIntervalMs: env.VIEWS_CHANGED_INTERVAL_MS,
    logLevel: env.LOG_LEVEL,
    links: gameLinks(env),
    integrationApiKey: env.INTEGRATION_API_KEY,
    metricsToken: env.METRICS_TOKEN,
    capacity: {
      minFreeDiskBytes: env.CAPACITY_MIN_FREE_DISK_MB * MB,
      maxDatabaseBytes: env.CAPACITY_MAX_DATABASE_MB * MB,
      maxSockets: env.CAPACITY_MAX_SOCKETS,
      maxEventLoopDelayMs: env.CAPACITY_MAX_EVENT_LOOP_DELAY_MS,
    },
    devSwitchUserEmail: env.DEV_SWITCH_USER_EMAIL?.toLowerCase(),
  };
}
