import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildServer, buildStaff, FACTORY_PASSWORD } from "../test/factories.ts";
import { useTestServer } from "../test/useTestServer.ts";

const UPSERT = "/api/integration/upsert-member";
const KEY = "integration-key-0123456789abcdef";
const bearer = (key: string) => ({ csrf: false, headers: { authorization: `Bearer ${key}` } });

describe.each(ENGINES)("game member integration on %s", (engine) => {
  const server = useTestServer(engine, { INTEGRATION_API_KEY: KEY });
  beforeAll(async () => {
    await buildServer(server.store, { title: "Europe 1" });
    await buildServer(server.store, { title: "Asia" });
  });

  it("answers 401 without the right key", async () => {
    const body = { email: "x@game.test", name: "X" };
    expect((await server.client().post(UPSERT, body, { csrf: false })).status).toBe(401);
    const wrong = await server.client().post(UPSERT, body, bearer(`${KEY}x`));
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe("The integration key is missing or wrong.");
  });

  it("creates a member without a password and hands out a set-password token", async () => {
    const res = await server.client().post(
      UPSERT,
      {
        email: "New.Player@Game.test",
        name: "NewPlayer",
        language: "tr",
        characters: [{ characterName: "Frodo", characterLevel: 5, server: "europe 1" }],
      },
      bearer(KEY),
    );
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(true);
    expect(res.body.password_token).toEqual(expect.any(String));
    expect(res.body.member).toMatchObject({
      email: "new.player@game.test",
      name: "NewPlayer",
      banned: false,
      characters: [{ characterName: "Frodo", characterLevel: 5, server: "Europe 1" }],
    });
    const check = await server.client().post("/auth2/check-password-token", {
      password_token: res.body.password_token,
    });
    expect(check.status).toBe(200);
    const row = await server.store.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "new.player@game.test")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ class: "user", type: "normal", rank: "user", language: "tr", password_hash: null });
  });

  it("lets a player go by a staff member's name in any case: the staff-name rule is staff's", async () => {
    const staff = await buildStaff(server.store, { name: "GameMod" });
    const answers = await Promise.all(
      ["gamemod", "GAMEMOD"].map((name, i) =>
        server
          .client()
          .post<{ member: { name: string } }>(UPSERT, { email: `gamemod${i}@game.test`, name }, bearer(KEY)),
      ),
    );
    expect(answers.map((a) => [a.status, a.body.member.name])).toEqual([
      [200, "gamemod"],
      [200, "GAMEMOD"],
    ]);
    // The member API never writes a staff account, so it cannot make a second staff "GameMod".
    const refused = await server.client().post(UPSERT, { email: staff.email, name: "gamemod" }, bearer(KEY));
    expect(refused.status).toBe(422);
    const row = await server.store.db.selectFrom("users").select("name").where("id", "=", staff.id).executeTakeFirst();
    expect(row?.name).toBe("GameMod");
  });

  it("the same new member sent at once is created once; the others update it", async () => {
    const body = { email: "twice@game.test", name: "Twice", characters: [{ characterName: "Sam", server: "Asia" }] };
    const answers = await Promise.all(Array.from({ length: 4 }, () => server.client().post(UPSERT, body, bearer(KEY))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.created)).toHaveLength(1);
    const rows = await server.store.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "twice@game.test")
      .execute();
    expect(rows).toHaveLength(1);
    const characters = await server.store.db
      .selectFrom("characters")
      .select("character_name")
      .where("user_id", "=", rows[0]!.id)
      .execute();
    expect(characters).toEqual([{ character_name: "Sam" }]);
  });

  it("updates by e-mail: replaces the characters, sets the password and ends the sessions", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const res = await server.client().post(
      UPSERT,
      new URLSearchParams({
        email: member.email.toUpperCase(),
        name: "Renamed",
        password: "New-Passw0rd!",
        characters: JSON.stringify([
          { characterName: "Sam", characterLevel: 3, server: "Asia" },
          { characterName: "Pippin", server: "Europe 1" },
        ]),
      }),
      bearer(KEY),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: false, password_token: null });
    expect(res.body.member).toMatchObject({
      id: member.id,
      name: "Renamed",
      characters: [
        { characterName: "Sam", characterLevel: 3, server: "Asia" },
        { characterName: "Pippin", characterLevel: 0, server: "Europe 1" },
      ],
    });
    expect((await client.get("/auth/pulse-check")).status).toBe(401);
    await server.client().signIn(member.email, "New-Passw0rd!");
  });

  it("refuses an unknown server title with 422 naming it and writes nothing", async () => {
    const member = await buildMember(server.store, { name: "Unchanged" });
    const res = await server
      .client()
      .post(
        UPSERT,
        { email: member.email, name: "Changed", characters: [{ characterName: "Sam", server: "Mars" }] },
        bearer(KEY),
      );
    expect(res.status).toBe(422);
    expect((res.body.detail as { msg: string; loc: unknown[] }[])[0]).toMatchObject({
      msg: 'Unknown server "Mars".',
      loc: ["body", "characters", 0, "server"],
    });
    const row = await server.store.db
      .selectFrom("users")
      .select("name")
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Unchanged");
    const characters = await server.store.db
      .selectFrom("characters")
      .select("id")
      .where("user_id", "=", member.id)
      .execute();
    expect(characters).toHaveLength(1);
  });

  it("refuses a weak password, a staff e-mail and a malformed body", async () => {
    const weak = await server
      .client()
      .post(UPSERT, { email: "weak@game.test", name: "W", password: "short" }, bearer(KEY));
    expect(weak.status).toBe(422);
    expect(weak.body.code).toBe("password_invalid");
    const staff = await buildStaff(server.store);
    const staffRes = await server.client().post(UPSERT, { email: staff.email, name: "S" }, bearer(KEY));
    expect(staffRes.status).toBe(422);
    const malformed = await server.client().post(UPSERT, { email: "not-an-email" }, bearer(KEY));
    expect(malformed.status).toBe(422);
    const users = await server.store.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "weak@game.test")
      .execute();
    expect(users).toHaveLength(0);
  });
});

describe("INTEGRATION_API_KEY", () => {
  it("must be at least 24 characters; empty means off", () => {
    expect(() => loadConfig({ NODE_ENV: "test", DATA_DIR: os.tmpdir(), INTEGRATION_API_KEY: "short" })).toThrow(
      /INTEGRATION_API_KEY=\(hidden, 5 characters\): must be at least 24 characters/,
    );
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: os.tmpdir(), INTEGRATION_API_KEY: "" }).integrationApiKey).toBe(
      undefined,
    );
  });
});

describe.each(ENGINES)("integration switched off on %s", (engine) => {
  const server = useTestServer(engine);

  it("answers 404 when no key is configured", async () => {
    const res = await server.client().post(UPSERT, { email: "x@game.test", name: "X" }, bearer(KEY));
    expect(res.status).toBe(404);
  });
});

describe.each(ENGINES)("npm run import-members on %s", (engine) => {
  const server = useTestServer(engine);
  beforeAll(async () => {
    await buildServer(server.store, { title: "Europe 1" });
    await buildServer(server.store, { title: "Asia: East" });
  });

  function importEnv(): NodeJS.ProcessEnv {
    const { databaseUrl, pgSchema } = server.store.openOptions;
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    delete env.INIT_CWD;
    // The script reads the usual configuration; PostgreSQL gets the suite's schema on the URL.
    if (databaseUrl) env.DATABASE_URL = `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${pgSchema}`)}`;
    return env;
  }

  function runImport(file: string) {
    const { dataDir } = server.store.openOptions;
    return spawnSync(process.execPath, ["scripts/import-members.ts", file, "--data-dir", dataDir], {
      encoding: "utf8",
      env: importEnv(),
    });
  }

  it("imports a CSV, reports rejected rows with their reason and exits 1", async () => {
    const existing = await buildMember(server.store);
    const file = path.join(server.store.dataDir, "members.csv");
    writeFileSync(
      file,
      [
        "email,name,language,password,characters",
        "csv.one@game.test,CsvOne,de,,Aragorn:60:Europe 1;Gimli:12:Asia: East",
        `${existing.email},Updated,,,`,
        "csv.bad@game.test,Bad,,,Sam:3:Nowhere",
        'csv.two@game.test,"Two, Jr",,Strong-Passw0rd!,Frodo:5:Europe 1',
        "not-an-email,X,,,",
      ].join("\n"),
    );
    const run = runImport(file);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toContain('rejected line 4 (csv.bad@game.test): characters.0.server: Unknown server "Nowhere".');
    expect(lines.some((l) => l.startsWith("rejected line 6: email:"))).toBe(true);
    expect(lines.at(-1)).toBe("created 2, updated 1, rejected 2");

    const db = server.store.db;
    const one = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "csv.one@game.test")
      .executeTakeFirstOrThrow();
    expect(one.language).toBe("de");
    const characters = await db
      .selectFrom("characters")
      .innerJoin("servers", "servers.id", "characters.server_id")
      .select(["character_name", "character_level", "servers.title"])
      .where("user_id", "=", one.id)
      .orderBy("characters.id")
      .execute();
    expect(characters).toEqual([
      { character_name: "Aragorn", character_level: 60, title: "Europe 1" },
      { character_name: "Gimli", character_level: 12, title: "Asia: East" },
    ]);
    const updated = await db.selectFrom("users").select("name").where("id", "=", existing.id).executeTakeFirstOrThrow();
    expect(updated.name).toBe("Updated");
    expect(await db.selectFrom("characters").select("id").where("user_id", "=", existing.id).execute()).toEqual([]);
    const two = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "csv.two@game.test")
      .executeTakeFirstOrThrow();
    expect(two.name).toBe("Two, Jr");
    expect(two.password_hash).toMatch(/^\$argon2id\$/);
    expect(await db.selectFrom("users").select("id").where("email", "=", "csv.bad@game.test").execute()).toEqual([]);
  });

  it("imports a JSON list and exits 0 when every row is accepted", async () => {
    const file = path.join(server.store.dataDir, "members.json");
    writeFileSync(
      file,
      JSON.stringify([
        { email: "json@game.test", name: "Json", characters: [{ characterName: "Bilbo", server: "Europe 1" }] },
      ]),
    );
    const run = runImport(file);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe("created 1, updated 0, rejected 0");
  });

  it("runs as the README types it, npm run import-members, with paths typed from the shell's folder", () => {
    const file = path.join(server.store.dataDir, "from-npm.json");
    writeFileSync(file, JSON.stringify([{ email: "npm@game.test", name: "ViaNpm", characters: [] }]));
    // A shell in a folder of the project: npm runs the script in the project's root.
    const shellDir = path.resolve(import.meta.dirname);
    const typed = (target: string) => path.relative(shellDir, target);
    const run = spawnSync(
      process.platform === "win32" ? "npm.cmd" : "npm",
      ["run", "--silent", "import-members", "--", typed(file), "--data-dir", typed(server.store.dataDir)],
      { cwd: shellDir, encoding: "utf8", env: importEnv(), shell: process.platform === "win32" },
    );
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("created 1, updated 0, rejected 0");
    expect(run.status).toBe(0);
  });
});
