/**
 * A bad setting names the variable and shows the value it got, so that a typo can be seen; a
 * secret's value, or the password inside a database or Redis URL, never appears.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_CAPTCHA_MAX_COUNTER, loadConfig, shownValue } from "./config.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "helpdesk-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function configMessage(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`no configuration error for ${JSON.stringify(env)}`);
}

describe("configuration errors", () => {
  it("show the value a number setting got instead of NaN", () => {
    const message = configMessage({ UPLOAD_MAX_BYTES: "abc" });
    expect(message).toContain('UPLOAD_MAX_BYTES="abc": expected a number');
    expect(message).not.toContain("NaN");
  });

  it("show values as typed, quoted, so that blanks and empty strings can be seen", () => {
    const message = configMessage({ PORT: "70000", NODE_ENV: "prod ", PUBLIC_URL: "" });
    expect(message).toContain('PORT="70000": ');
    expect(message).toContain('NODE_ENV="prod ": ');
    expect(message).toContain('PUBLIC_URL="": ');
  });

  it.each(["SESSION_SECRET", "CSRF_SECRET", "ALTCHA_HMAC_KEY", "ADMIN_PASSWORD"])(
    "never show the value of %s, only its length",
    (name) => {
      const message = configMessage({ [name]: "hunter2" });
      expect(message).toContain(`${name}=(hidden, 7 characters): `);
      expect(message).not.toContain("hunter2");
    },
  );

  it.each(["INTEGRATION_API_KEY", "METRICS_TOKEN"])("never show the value of %s", (name) => {
    const message = configMessage({ [name]: "tooShortKey" });
    expect(message).toContain(`${name}=(hidden, 11 characters): must be at least 24 characters`);
    expect(message).not.toContain("tooShortKey");
  });

  it("mask the password of a database or Redis URL and show the rest", () => {
    const message = configMessage({
      DATABASE_URL: "mysql://helpdesk:s3cret@db.internal:3306/helpdesk",
      REDIS_URL: "http://:r3dis@cache:6379",
    });
    expect(message).toContain(
      'DATABASE_URL="mysql://helpdesk:***@db.internal:3306/helpdesk": must be a postgres:// URL',
    );
    expect(message).toContain('REDIS_URL="http://***@cache:6379": must be a redis:// URL');
    expect(message).not.toMatch(/s3cret|r3dis/);
  });

  it("mask a URL password that holds '@' or '/' whole", () => {
    expect(shownValue("DATABASE_URL", "pg://u:p@ss/w@rd@host/db")).toBe('"pg://u:***@host/db"');
    expect(shownValue("REDIS_URL", "redis://onlysecret@host")).toBe('"redis://***@host"');
    expect(shownValue("DATABASE_URL", "u:pass@host")).toBe('"u:***@host"');
    expect(shownValue("DATABASE_URL", "sqlite.db")).toBe('"sqlite.db"');
  });

  it("report only the settings that are wrong", () => {
    const message = configMessage({ SWEEP_INTERVAL_SECONDS: "0", PORT: "3000" });
    expect(message).toMatch(/^Invalid configuration:\n {2}SWEEP_INTERVAL_SECONDS="0": /);
    expect(message.split("\n")).toHaveLength(2);
  });

  it("cut a very long value", () => {
    const message = configMessage({ BUSINESS_TIMEZONE: "x".repeat(500) });
    expect(message).toContain(`BUSINESS_TIMEZONE="${"x".repeat(80)}…": not a known IANA time zone`);
  });
});

describe("the bot check's work (CAPTCHA_MAX_COUNTER)", () => {
  it("is the default unless set", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).captchaMaxCounter).toBe(DEFAULT_CAPTCHA_MAX_COUNTER);
    expect(loadConfig({ DATA_DIR: dataDir, CAPTCHA_MAX_COUNTER: "1000" }).captchaMaxCounter).toBe(1000);
    expect(
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: "production", CAPTCHA_MAX_COUNTER: "400000" }).captchaMaxCounter,
    ).toBe(400_000);
  });

  it.each(["999", "10000001", "1.5", "many"])("refuses %s", (value) => {
    expect(configMessage({ CAPTCHA_MAX_COUNTER: value })).toContain(`CAPTCHA_MAX_COUNTER="${value}": `);
  });

  it("refuses less work than the default in production", () => {
    const message = configMessage({ NODE_ENV: "production", CAPTCHA_MAX_COUNTER: "99999" });
    expect(message).toContain("CAPTCHA_MAX_COUNTER=99999: below 100000 is for tests");
  });
});
