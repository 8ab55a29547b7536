import { describe, expect, it } from "vitest";
import { decodeIdToken } from "../../common/schemas/auth.ts";
import { SIGN_IN_RULES } from "../auth/throttle.ts";
import { createPasswordToken } from "../repositories/passwordTokens.ts";
import { ENGINES, LIMIT_STORES } from "../test/engines.ts";
import { buildMember, buildStaff, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, startSecondNode, type TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { inOneWindow } from "../test/windows.ts";

describe.each(ENGINES)("sign-in and sessions on %s", (engine) => {
  const server = useTestServer(engine);

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
  const server = useTestServer(engine);

  it("checks, sets once, ends old sessions and signs in with the new password", async () => {
    const staff = await buildStaff(server.store, { rank: "dev" });
    const old = server.client();
    await old.signIn(staff.email, FACTORY_PASSWORD);
    const token = await createPasswordToken(server.store.db, staff.id);
    const client = server.client();

    expect((await client.post("/auth2/check-password-token", { password_token: token })).status).toBe(200);
    const weak = await client.post("/auth2/setup-password", { password_token: token, new_password: "weakpass" });
    expect(weak.status).toBe(422);
    expect(weak.body.detail).toEqual([
      { loc: ["body"], msg: "Please enter a valid password.", type: "password_invalid" },
    ]);
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
    expect(reuse.body.detail).toBe("This link is invalid or has expired.");
    expect((await client.post("/auth2/check-password-token", { password_token: token })).status).toBe(400);

    expect((await old.get("/auth/pulse-check")).status).toBe(401);
    await client.signIn(staff.email, "Brand-New-Pass-7?");
  });

  it("refuses an unknown token with the spec's message", async () => {
    const res = await server.client().post("/auth2/check-password-token", { password_token: "nope" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("This link is invalid or has expired.");
    // Setting a password with it is refused the same way (before any hash is computed).
    const set = await server
      .client()
      .post("/auth2/setup-password", { password_token: "nope", new_password: "Brand-New-Pass-7?" });
    expect(set.status).toBe(400);
    expect(set.body.detail).toBe("This link is invalid or has expired.");
  });
});

let address = 0;
/** A fresh client address (TRUST_PROXY=true), so that one test's address windows touch no other. */
function fromNewAddress(): Record<string, string> {
  address++;
  return { "x-forwarded-for": `10.1.${Math.floor(address / 250)}.${(address % 250) + 1}` };
}

function attempt(client: TestClient, email: string, password: string, headers: Record<string, string>, captcha = "") {
  return client.post("/auth/login", { username: email, password, captchaToken: captcha }, { headers });
}

describe.each(LIMIT_STORES)("sign-in throttle in the %s limit store", (limits) => {
  describe.each(ENGINES)("on %s", (engine) => {
    const server = useTestServer(engine, { TRUST_PROXY: "true" }, { limits });

    it("checks no more than the limit of 500 parallel attempts, and the right password inside the burst does not get in", async () => {
      const member = await buildMember(server.store);
      const headers = fromNewAddress();
      const client = server.client();
      await client.get("/api/config/public");
      const answers = await Promise.all(
        Array.from({ length: 500 }, (_, i) =>
          attempt(client, member.email, i === 399 ? FACTORY_PASSWORD : `Wrong-pass-${i}!`, headers),
        ),
      );
      const statuses = answers.map((a) => a.status);
      // 401 and 200 are the attempts whose password was checked; everything else was refused first.
      const checked = statuses.filter((s) => s === 401 || s === 200).length;
      expect(checked).toBeLessThanOrEqual(SIGN_IN_RULES.perAccountAddress.max);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(
        500 - SIGN_IN_RULES.perAccountAddress.max,
      );
      expect(statuses.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
      expect(statuses[399]).toBe(429);
      expect(client.cookies.has("hd_session")).toBe(false);
      // The owner, from another address, is not locked out by the burst.
      await server
        .client()
        .post(
          "/auth/login",
          { username: member.email, password: FACTORY_PASSWORD },
          {
            headers: fromNewAddress(),
          },
        )
        .then((res) => expect(res.status).toBe(200));
    });

    it("lets the owner in from another address after ten failures from one address", async () => {
      const member = await buildMember(server.store);
      const attacker = fromNewAddress();
      for (let i = 0; i < 10; i++) {
        expect((await attempt(server.client(), member.email, `Wrong-pass-${i}!`, attacker)).status).toBe(401);
      }
      const locked = await attempt(server.client(), member.email, FACTORY_PASSWORD, attacker);
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe("too_many_sign_in_attempts");
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      const owner = await attempt(server.client(), member.email, FACTORY_PASSWORD, fromNewAddress());
      expect(owner.status).toBe(200);
    });

    it("stops guessing across many addresses at the per-account ceiling", async () => {
      const member = await buildMember(server.store);
      const ceiling = SIGN_IN_RULES.perAccount.max;
      const perAddress = SIGN_IN_RULES.perAccountAddress.max;
      const addresses = Array.from({ length: Math.ceil(ceiling / perAddress) + 1 }, fromNewAddress);
      const answers = await Promise.all(
        addresses.flatMap((headers) =>
          Array.from({ length: perAddress }, (_, i) =>
            attempt(server.client(), member.email, `Wrong-${i}-pass!`, headers),
          ),
        ),
      );
      expect(answers.filter((a) => a.status === 401)).toHaveLength(ceiling);
      const owner = await attempt(server.client(), member.email, FACTORY_PASSWORD, fromNewAddress());
      expect(owner.status).toBe(429);
    });

    it("lets the owner in from a browser that signed in before, from a new address, past the ceiling", async () => {
      const member = await buildMember(server.store);
      // The owner signed in from this browser once: it holds a device cookie for the account.
      const owner = server.client();
      expect((await attempt(owner, member.email, FACTORY_PASSWORD, fromNewAddress())).status).toBe(200);
      expect([...owner.cookies.keys()]).toContain("hd_device");
      await owner.post("/auth/logout");
      // An attacker spends the account's whole ceiling from many addresses.
      const ceiling = SIGN_IN_RULES.perAccount.max;
      const perAddress = SIGN_IN_RULES.perAccountAddress.max;
      const addresses = Array.from({ length: Math.ceil(ceiling / perAddress) + 1 }, fromNewAddress);
      await Promise.all(
        addresses.flatMap((headers) =>
          Array.from({ length: perAddress }, (_, i) => attempt(server.client(), member.email, `Wrong-${i}!`, headers)),
        ),
      );
      expect((await attempt(server.client(), member.email, FACTORY_PASSWORD, fromNewAddress())).status).toBe(429);
      // The known browser gets in, from an address it never used.
      expect((await attempt(owner, member.email, FACTORY_PASSWORD, fromNewAddress())).status).toBe(200);
      await owner.post("/auth/logout");
      // The device has a window of its own: guessing with a stolen device cookie stops there.
      const device = owner.cookies.get("hd_device")!;
      const thief = server.client();
      thief.cookies.set("hd_device", device);
      const guesses = [];
      for (let i = 0; i <= SIGN_IN_RULES.perDevice.max; i++) {
        guesses.push((await attempt(thief, member.email, `Stolen-${i}!`, fromNewAddress())).status);
      }
      expect(guesses.slice(0, SIGN_IN_RULES.perDevice.max).every((s) => s === 401)).toBe(true);
      expect(guesses.at(-1)).toBe(429);
      // A device cookie of one account is no cookie for another, nor is a forged one.
      const other = await buildMember(server.store);
      const stranger = server.client();
      stranger.cookies.set("hd_device", device);
      expect((await attempt(stranger, other.email, FACTORY_PASSWORD, fromNewAddress())).status).toBe(200);
      const forged = server.client();
      forged.cookies.set("hd_device", `${device.slice(0, -2)}xx`);
      expect((await attempt(forged, member.email, FACTORY_PASSWORD, fromNewAddress())).status).toBe(429);
    });

    it("keeps a ceiling per address across accounts", async () => {
      const headers = fromNewAddress();
      const answers = [];
      for (let i = 0; i < SIGN_IN_RULES.perAddress.max; i++) {
        answers.push(await attempt(server.client(), `nobody${address}-${i}@test.example`, "Wrong-pass-1!", headers));
      }
      expect(answers.every((a) => a.status === 401)).toBe(true);
      const member = await buildMember(server.store);
      expect((await attempt(server.client(), member.email, FACTORY_PASSWORD, headers)).status).toBe(429);
    });

    it("does not count right passwords against the owner", async () => {
      const member = await buildMember(server.store);
      const headers = fromNewAddress();
      for (let i = 0; i < SIGN_IN_RULES.perAccountAddress.max + 2; i++) {
        const client = server.client();
        expect((await attempt(client, member.email, FACTORY_PASSWORD, headers)).status).toBe(200);
      }
    });

    // Last in this suite: closing the second node closes the limit store that both nodes share.
    it("holds across two nodes that share the limit store", async () => {
      const second = await startSecondNode(server);
      try {
        const nodes = [server.client(), second.client()];
        await inOneWindow(SIGN_IN_RULES.perAccountAddress.windowSeconds, async () => {
          const member = await buildMember(server.store);
          const headers = fromNewAddress();
          const statuses: number[] = [];
          for (let i = 0; i < SIGN_IN_RULES.perAccountAddress.max + 2; i++) {
            statuses.push((await attempt(nodes[i % 2]!, member.email, `Wrong-pass-${i}!`, headers)).status);
          }
          expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_RULES.perAccountAddress.max);
          expect(statuses.slice(-2)).toEqual([429, 429]);
        });
      } finally {
        await second.close();
      }
    });
  });
});

describe.each(ENGINES)("a fresh bot-check solution lifts the soft lock on %s", (engine) => {
  const server = useTestServer(engine, { TRUST_PROXY: "true", CAPTCHA: "altcha" });

  it("lets the owner in from the same address with a solved challenge after ten failures", async () => {
    const member = await buildMember(server.store);
    const headers = fromNewAddress();
    const client = server.client();
    for (let i = 0; i < SIGN_IN_RULES.perAccountAddress.max; i++) {
      const res = await attempt(client, member.email, `Wrong-pass-${i}!`, headers, await client.solveCaptcha());
      expect(res.status).toBe(401);
    }
    // A used solution lifts nothing: it is refused as used.
    const used = await client.solveCaptcha();
    expect((await attempt(client, member.email, "Wrong-pass-x!", headers, used)).status).toBe(401);
    expect((await attempt(client, member.email, FACTORY_PASSWORD, headers, used)).body.code).toBe("captcha_failed");
    const owner = await attempt(client, member.email, FACTORY_PASSWORD, headers, await client.solveCaptcha());
    expect(owner.status).toBe(200);
  });
});

describe.each(ENGINES)("CSRF before the body on %s", (engine) => {
  const server = useTestServer(engine);

  it("answers 403 to a JSON call without a token even when its body is invalid or not JSON at all", async () => {
    const client = server.client();
    await client.get("/api/config/public");
    const invalid = await client.post("/auth/login", { username: "not-an-email" }, { csrf: false });
    expect(invalid.status).toBe(403);
    expect(invalid.body.code).toBe("csrf_failed");
    const broken = await fetch(`${server.baseUrl}/auth/login`, {
      method: "POST",
      headers: { cookie: client.cookieHeader(), "content-type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(403);
    const wrong = await client.post(
      "/auth/login",
      { username: 5 },
      { csrf: false, headers: { "x-csrf-token": "a.b" } },
    );
    expect(wrong.status).toBe(403);
  });

  it("answers 403 to a multipart call without a token even when its body is broken", async () => {
    const client = server.client();
    await client.get("/api/config/public");
    for (const path of ["/api/tickets/search-ticket-temporary", "/api/tickets/submit-temporary-ticket"]) {
      const res = await fetch(server.baseUrl + path, {
        method: "POST",
        headers: { cookie: client.cookieHeader(), "content-type": "multipart/form-data; boundary=xyz" },
        body: "--xyz\r\ncontent-disposition: form-data\r\n\r\ntruncated",
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe("csrf_failed");
      const noBoundary = await fetch(server.baseUrl + path, {
        method: "POST",
        headers: { cookie: client.cookieHeader(), "content-type": "multipart/form-data" },
        body: "x",
      });
      expect(noBoundary.status).toBe(403);
    }
  });

  it("still answers 422 to an invalid body that carries a valid token", async () => {
    const res = await server.client().post("/auth/login", { username: "not-an-email" });
    expect(res.status).toBe(422);
  });
});

describe.each(ENGINES)("sign out everywhere on %s", (engine) => {
  const server = useTestServer(engine);

  it("ends every session of the user and closes their sockets, and no one else's", async () => {
    const member = await buildMember(server.store);
    const other = await buildMember(server.store);
    const here = server.client();
    const elsewhere = server.client();
    const stranger = server.client();
    await here.signIn(member.email, FACTORY_PASSWORD);
    await elsewhere.signIn(member.email, FACTORY_PASSWORD);
    await stranger.signIn(other.email, FACTORY_PASSWORD);
    const socket = elsewhere.socket();
    const strangerSocket = stranger.socket();
    await Promise.all([connected(socket), connected(strangerSocket)]);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

    const res = await here.post("/auth/logout-everywhere");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, ended_sessions: 2 });
    expect(await closed).toBe("io server disconnect");
    expect((await here.get("/auth/pulse-check")).status).toBe(401);
    expect((await elsewhere.get("/auth/pulse-check")).status).toBe(401);
    const left = await server.store.db.selectFrom("sessions").select("id").where("user_id", "=", member.id).execute();
    expect(left).toHaveLength(0);
    expect((await stranger.get("/auth/pulse-check")).status).toBe(200);
    expect(strangerSocket.connected).toBe(true);
    // The browser that asked can sign in again at once.
    await here.signIn(member.email, FACTORY_PASSWORD);
  });

  it("answers 401 without a session and 403 without a CSRF token", async () => {
    expect((await server.client().post("/auth/logout-everywhere")).status).toBe(401);
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    expect((await client.post("/auth/logout-everywhere", {}, { csrf: false })).status).toBe(403);
    expect((await client.get("/auth/pulse-check")).status).toBe(200);
  });
});

describe.each(ENGINES)("route limits on %s", (engine) => {
  const server = useTestServer(engine, { TRUST_PROXY: "true" });

  // @fastify/rate-limit keys IPv6 callers by their /64 itself (since v10), as addressKey does ours.
  it("count an IPv6 caller by its /64, not by the address it sends from", async () => {
    let prefix = 0;
    await inOneWindow(60, async () => {
      prefix++;
      // Thirty token checks a minute per caller (TOKEN_RATE), each from another address of one /64.
      const from = (host: number, net = prefix) => ({ "x-forwarded-for": `2001:db8:${net}:1::${host.toString(16)}` });
      const statuses: number[] = [];
      for (let host = 1; host <= 31; host++) {
        const res = await server
          .client()
          .post("/auth2/check-password-token", { password_token: "nope" }, { headers: from(host) });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
      expect(statuses[30]).toBe(429);
      // Another /64 is another caller.
      const other = await server
        .client()
        .post("/auth2/check-password-token", { password_token: "nope" }, { headers: from(1, prefix + 1000) });
      expect(other.status).toBe(400);
    });
  });
});
