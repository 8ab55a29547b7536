/**
 * `npm run admin -- reset-password <email>` as a process, on both engines, while a server runs on
 * the same database: the link it prints carries a token that the server's set-password route
 * takes once; wrong usage and unknown accounts are refused with a clear line and a non-zero exit.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBase } from "../server/seed/base.ts";
import { ENGINES, type TestStore } from "../server/test/engines.ts";
import { buildMember, buildTempUser } from "../server/test/factories.ts";
import { runScript } from "../server/test/scriptProcess.ts";
import { useTestServer } from "../server/test/useTestServer.ts";

const ADMIN_PASSWORD = "Old-Adm1n!Pass";
const NEW_PASSWORD = "New-Adm1n!Pass";

/** The settings that point the script at the test server's database. */
function databaseEnv(store: TestStore): Record<string, string> {
  const { databaseUrl, pgSchema } = store.openOptions;
  if (!databaseUrl) return { DATA_DIR: store.dataDir };
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${pgSchema}`);
  return { DATA_DIR: store.dataDir, DATABASE_URL: url.toString() };
}

describe.each(ENGINES)("npm run admin -- reset-password on %s", (engine) => {
  const server = useTestServer(engine);
  let env: Record<string, string>;
  const admin = (args: string[], extra: Record<string, string> = {}) =>
    runScript("scripts/admin.ts", args, { env: { ...env, ...extra } });

  beforeAll(async () => {
    await seedBase(server.store, { adminPassword: ADMIN_PASSWORD, log: () => {} });
    env = databaseEnv(server.store);
  }, 60_000);

  it("prints a link whose token sets the password once, through the server's route", async () => {
    const run = await admin(["reset-password", "Admin@Example.com"], { PUBLIC_URL: "https://support.example.com/" });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const token = run.stdout.match(/^https:\/\/support\.example\.com\/setup-password\/(\S+)$/m)?.[1];
    expect(token, run.stdout).toBeDefined();
    expect(run.stdout).toContain("admin@example.com");

    const client = server.client();
    // The old password works until the link is used.
    await client.signIn("admin@example.com", ADMIN_PASSWORD);
    const body = { password_token: token, new_password: NEW_PASSWORD };
    expect((await client.post("/auth2/setup-password", body)).status).toBe(200);
    await server.client().signIn("admin@example.com", NEW_PASSWORD);
    // Used once: the same link is refused the second time.
    expect((await server.client().post("/auth2/setup-password", body)).status).not.toBe(200);
  });

  it("links to http://localhost:PORT without PUBLIC_URL", async () => {
    const run = await admin(["reset-password", "admin@example.com"], { PORT: "3123" });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^http:\/\/localhost:3123\/setup-password\/\S+$/m);
  });

  it("works for a player too", async () => {
    const member = await buildMember(server.store);
    const run = await admin(["reset-password", member.email]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`/setup-password/`);
  });

  it("refuses an unknown e-mail, a guest and a deleted account, and writes no token", async () => {
    const guest = await buildTempUser(server.store);
    const gone = await buildMember(server.store);
    await server.store.db.updateTable("users").set({ deleted: 1 }).where("id", "=", gone.id).execute();
    const tokens = async () =>
      (await server.store.db.selectFrom("password_tokens").select("token_hash").execute()).length;
    const before = await tokens();

    const unknown = await admin(["reset-password", "nobody@example.com"]);
    expect(unknown).toMatchObject({ code: 1, stdout: "", stderr: "no account has the e-mail nobody@example.com\n" });
    const guestRun = await admin(["reset-password", guest.email]);
    expect(guestRun.code).toBe(1);
    expect(guestRun.stderr).toContain("only filed tickets as a guest");
    const deleted = await admin(["reset-password", gone.email]);
    expect(deleted).toMatchObject({ code: 1, stderr: `the account of ${gone.email} was deleted\n` });
    expect(await tokens()).toBe(before);
  });
});

describe("npm run admin, used wrongly", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [[], "usage: npm run admin -- reset-password <email>\n"],
    [["reset-password"], "reset-password needs the account's e-mail\nusage: npm run admin -- reset-password <email>\n"],
    [["reset-pasword", "a@b.c"], 'unknown command "reset-pasword"\nusage: npm run admin -- reset-password <email>\n'],
    [
      ["reset-password", "a@b.c", "d@e.f"],
      'reset-password takes one e-mail, not "a@b.c d@e.f"\nusage: npm run admin -- reset-password <email>\n',
    ],
  ])("%j says what is wrong and exits 2", async (args, message) => {
    const run = await runScript("scripts/admin.ts", args);
    expect(run).toEqual({ code: 2, stdout: "", stderr: message });
  });

  it("names the folder it looked in when there is no database, and creates nothing there", async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), "helpdesk-admin-"));
    dirs.push(parent);
    const dataDir = path.join(parent, "data");
    const run = await runScript("scripts/admin.ts", ["reset-password", "admin@example.com"], {
      env: { DATA_DIR: dataDir },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `no help desk database at ${path.join(dataDir, "helpdesk.sqlite")}: start the server once (npm start), ` +
        "or set DATA_DIR (or DATABASE_URL) as the server has it\n",
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});
