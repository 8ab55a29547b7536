import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, FACTORY_PASSWORD } from "../test/factories.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("ALTCHA on sign-in on %s", (engine) => {
  const server = useTestServer(engine, { CAPTCHA: "altcha" });

  it("tells the client that the widget is on", async () => {
    expect((await server.client().get("/api/config/public")).body.captcha).toBe("altcha");
  });

  it("needs a solved challenge, accepts it once, and refuses a forged one", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    const none = await client.post("/auth/login", { username: member.email, password: FACTORY_PASSWORD });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("captcha_required");

    const token = await client.solveCaptcha();
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(token, "base64").toString()),
        solution: { counter: 1, derivedKey: "00" },
      }),
    ).toString("base64");
    expect(
      (await client.post("/auth/login", { username: member.email, password: FACTORY_PASSWORD, captchaToken: forged }))
        .status,
    ).toBe(400);

    expect(
      (await client.post("/auth/login", { username: member.email, password: FACTORY_PASSWORD, captchaToken: token }))
        .status,
    ).toBe(200);
    await client.post("/auth/logout");
    const replay = await client.post("/auth/login", {
      username: member.email,
      password: FACTORY_PASSWORD,
      captchaToken: token,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("captcha_failed");
  });
});

describe("CAPTCHA=off", () => {
  it("is refused when NODE_ENV=production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", CAPTCHA: "off", DATA_DIR: "/tmp/helpdesk-config-test" })).toThrow(
      /CAPTCHA/,
    );
  });
  it("reads the member active-ticket cap and refuses a nonsense one", () => {
    expect(
      loadConfig({ MEMBER_ACTIVE_TICKET_CAP: "5", DATA_DIR: "/tmp/helpdesk-config-test" }).memberActiveTicketCap,
    ).toBe(5);
    expect(() => loadConfig({ MEMBER_ACTIVE_TICKET_CAP: "0", DATA_DIR: "/tmp/helpdesk-config-test" })).toThrow(
      /MEMBER_ACTIVE_TICKET_CAP/,
    );
  });
  it("takes each outside link from its own variable, else from the game site", () => {
    const links = loadConfig({
      GAME_SITE_URL: "https://game.example/",
      DELETE_ACCOUNT_URL: "https://id.game.example/close",
      DATA_DIR: "/tmp/helpdesk-config-test",
    }).links;
    expect(links).toMatchObject({
      gameSite: "https://game.example",
      safeZone: "https://game.example/account/safe-zone",
      deleteAccount: "https://id.game.example/close",
    });
    expect(() => loadConfig({ DISCORD_URL: "not a url", DATA_DIR: "/tmp/helpdesk-config-test" })).toThrow(
      /DISCORD_URL/,
    );
  });
  it("names the bad variable in the message", () => {
    expect(() => loadConfig({ PORT: "seventy", DATA_DIR: "/tmp/helpdesk-config-test" })).toThrow(/PORT/);
  });
});
