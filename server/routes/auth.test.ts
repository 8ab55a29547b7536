import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeIdToken } from "../../common/schemas/auth.ts";
import { createPasswordToken } from "../repositories/passwordTokens.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, FACTORY_PASSWORD } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/server.ts";

describe.each(ENGINES)("sign-in and sessions on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 401 with detail to a pulse check without a session", async () => {
    const res = await server.client().get("/auth/pulse-check");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ detail: "No session found.", code: "not_authenticated" });
  });

  it("signs a member in, reports the session, refuses a second sign-in with 409, and signs out", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    const login = await client.signIn(member.email, FACTORY_PASSWORD);
    const user = decodeIdToken(login.body.id_token as string);
    expect(user).toMatchObject({ id: member.id, class: "user", type: "normal", rank: "user" });
    expect(login.body).toMatchObject({ temp: false, user_type: "normal" });
    expect(JSON.stringify(user)).not.toContain("password");

    const pulse = await client.get("/auth/pulse-check");
    expect(pulse.status).toBe(200);
    expect(decodeIdToken(pulse.body.id_token as string)?.email).toBe(member.email);

    const again = await client.post("/auth/login", { username: member.email, password: FACTORY_PASSWORD });
    expect(again.status).toBe(409);

    const stolen = client.cookieHeader();
    expect((await client.post("/auth/logout")).status).toBe(200);
    expect((await client.get("/auth/pulse-check")).status).toBe(401);
    // The old cookie is dead on the server, not only forgotten by the browser.
    const replay = await fetch(`${server.baseUrl}/auth/pulse-check`, { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
  });

  it("rotates the session id at sign-in and sets an httpOnly SameSite=Lax cookie", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.get("/api/config/public");
    const login = await client.signIn(member.email, FACTORY_PASSWORD);
    const cookies = login.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/hd_session=[^;]+;.*HttpOnly/i);
    expect(cookies).toMatch(/hd_session=[^;]+;.*SameSite=Lax/i);
    const first = client.cookies.get("hd_session");
    await client.post("/auth/logout");
    await client.signIn(member.email, FACTORY_PASSWORD);
    expect(client.cookies.get("hd_session")).not.toBe(first);
  });

  it("shows the server's message for a wrong password or unknown e-mail, identically", async () => {
    const member = await buildMember(server.store);
    const wrong = await server.client().post("/auth/login", { username: member.email, password: "Wrong-pass-1!" });
    const unknown = await server
      .client()
      .post("/auth/login", { username: "nobody@test.example", password: "Wrong-pass-1!" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe("Wrong e-mail or password.");
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });

  it("refuses a disabled account", async () => {
    const staff = await buildStaff(server.store, { rank: "mod", disabledUntil: -1 });
    const res = await server.client().post("/auth/login", { username: staff.email, password: FACTORY_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("This account is disabled.");
  });

  it("answers 422 with a list of {loc,msg,type} for a malformed body, form-encoded or JSON", async () => {
    const json = await server.client().post("/auth/login", { username: "not-an-email", password: "" });
    expect(json.status).toBe(422);
    const detail = json.body.detail as { loc: string[]; msg: string; type: string }[];
    expect(detail[0]).toMatchObject({
      loc: expect.arrayContaining(["body"]),
      msg: expect.any(String),
      type: expect.any(String),
    });

    const form = await server.client().post("/auth/login", new URLSearchParams({ username: "x" }));
    expect(form.status).toBe(422);
  });

  it("refuses state-changing calls without a valid CSRF token", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.get("/api/config/public");
    const missing = await client.post(
      "/auth/login",
      { username: member.email, password: FACTORY_PASSWORD },
      { csrf: false },
    );
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe("csrf_failed");
    const forged = await client.post(
      "/auth/login",
      { username: member.email, password: FACTORY_PASSWORD },
      { csrf: false, headers: { "x-csrf-token": "abc.def" } },
    );
    expect(forged.status).toBe(403);

    // A token from another browser's session does not work in this one.
    const other = server.client();
    await other.signIn(member.email, FACTORY_PASSWORD);
    await client.signIn(member.email, FACTORY_PASSWORD);
    const crossed = await client.post("/auth/logout", {}, { csrf: false, headers: { "x-csrf-token": other.csrf! } });
    expect(crossed.status).toBe(403);
    expect((await client.get("/auth/pulse-check")).status).toBe(200);
  });

  it("throttles repeated failures on one account with 429 and a detail", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    for (let i = 0; i < 10; i++) {
      const res = await client.post("/auth/login", { username: member.email, password: `Wrong-pass-${i}!` });
      expect(res.status).toBe(401);
    }
    const blocked = await client.post("/auth/login", { username: member.email, password: FACTORY_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many sign-in attempts/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("sends security headers and a CSP", async () => {
    const res = await server.client().get("/api/config/public");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await server.client().get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: "Not found." });
  });
});

describe.each(ENGINES)("set-password with a one-time token on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("checks, sets once, ends old sessions and signs in with the new password", async () => {
    const staff = await buildStaff(server.store, { rank: "dev" });
    const old = server.client();
    await old.signIn(staff.email, FACTORY_PASSWORD);
    const token = await createPasswordToken(server.store.db, staff.id);
    const client = server.client();

    expect((await client.post("/auth2/check-password-token", { password_token: token })).status).toBe(200);
    const weak = await client.post("/auth2/setup-password", { password_token: token, new_password: "weakpass" });
    expect(weak.status).toBe(422);
    expect(weak.body.detail).toBe("Please enter a valid password.");
    // The refused attempt did not use the token up.
    expect((await client.post("/auth2/check-password-token", { password_token: token })).status).toBe(200);

    const set = await client.post("/auth2/setup-password", {
      password_token: token,
      new_password: "Brand-New-Pass-7?",
    });
    expect(set.status).toBe(200);
    const reuse = await client.post("/auth2/setup-password", {
      password_token: token,
      new_password: "Other-New-Pass-7?",
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.detail).toBe("The token is invalid or has been expired.");
    expect((await client.post("/auth2/check-password-token", { password_token: token })).status).toBe(400);

    expect((await old.get("/auth/pulse-check")).status).toBe(401);
    await client.signIn(staff.email, "Brand-New-Pass-7?");
  });

  it("refuses an unknown token with the spec's message", async () => {
    const res = await server.client().post("/auth2/check-password-token", { password_token: "nope" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("The token is invalid or has been expired.");
  });
});
