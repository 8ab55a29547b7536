import { beforeAll, describe, expect, it } from "vitest";
import { writeSetting } from "../db/appSettings.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import {
  buildPlayer,
  buildTicketWorld,
  EXECUTABLE,
  type FormFile,
  form,
  memberTicketFields,
  storedFiles,
  storingNothing,
  type TicketWorld,
  temporaryTicketFields,
} from "../test/playerTickets.ts";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import { useTestServer } from "../test/useTestServer.ts";

const SUBMIT = "/api/tickets/submit-member-ticket";
const SUBMIT_TEMPORARY = "/api/tickets/submit-temporary-ticket";
const png = SAMPLE_FILES["image/png"]!;
const pdf = SAMPLE_FILES["application/pdf"]!;

/** A body whose file parts come before its fields (the web client sends the fields first). */
function filesFirst(fields: Record<string, string | number>, files: FormFile[]): FormData {
  const data = new FormData();
  for (const [name, value] of form({}, files)) data.append(name, value);
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  return data;
}

const issueLocs = (body: Record<string, unknown>) => (body.detail as { loc: string[] }[]).map((i) => i.loc);

describe.each(ENGINES)("submit-member-ticket on %s", (engine) => {
  // A small upload limit, so that an oversize file is cheap to send.
  const server = useTestServer(engine, { UPLOAD_MAX_BYTES: "4096" });
  let world: TicketWorld;
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
  });

  async function signedIn(options: { bannedUntil?: number } = {}) {
    const member = await buildPlayer(server.store, world, options);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    return { member, client };
  }

  it("files a ticket with attachments, records the uploads and hides staff-only fields", async () => {
    const { member, client } = await signedIn();
    const res = await client.post(SUBMIT, form(memberTicketFields(world), [png, pdf]));
    expect(res.status).toBe(200);
    const ticket = res.body.ticket as Record<string, unknown>;
    expect(res.body.ticket_id).toBe(ticket.id);
    expect(ticket).toMatchObject({
      status: "NEW TICKET",
      category: world.categoryId,
      server: world.serverId,
      characterName: "Aragorn",
      violatersName: "",
      email: member.email,
      name: member.name,
      user_id: member.id,
      ticket_type: "member",
      type: "normal",
      chat_id: `chat-${ticket.id}`,
    });
    expect(ticket).not.toHaveProperty("ip_origin");
    expect(ticket).not.toHaveProperty("notes_id");
    for (const staffOnly of ["priority", "assignedTo", "banned"]) expect(ticket).not.toHaveProperty(staffOnly);
    const attachments = ticket.attachments as string[];
    expect(attachments).toHaveLength(2);
    expect(attachments[0]).toMatch(/^\/download\/[A-Za-z0-9_-]{22}\.png$/);
    const row = await server.store.db
      .selectFrom("tickets")
      .selectAll()
      .where("id", "=", ticket.id as number)
      .executeTakeFirstOrThrow();
    expect(row.ip_origin).toBe("127.0.0.1");
    expect(row.created_at).toBe(ticket.createdAt);
    const uploads = await server.store.db.selectFrom("uploads").selectAll().where("ticket_id", "=", row.id).execute();
    expect(uploads.map((u) => u.original_name).sort()).toEqual(["pixel.png", "receipt.pdf"]);
  });

  it("accepts a JSON body without files", async () => {
    const { client } = await signedIn();
    const res = await client.post(SUBMIT, memberTicketFields(world));
    expect(res.status).toBe(200);
    expect((res.body.ticket as { attachments: string[] }).attachments).toEqual([]);
  });

  it("refuses an oversize file with 413 file_size_exceeded and leaves no file behind", async () => {
    const { client } = await signedIn();
    const before = storedFiles(server.store).length;
    const big = { name: "log.txt", bytes: Buffer.alloc(10_000, "a"), type: "text/plain" };
    const res = await client.post(SUBMIT, form(memberTicketFields(world), [png, big]));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("file_size_exceeded");
    // The refusal names the one file it is about, so that the client keeps the others.
    expect(res.body).toMatchObject({ file: "log.txt", file_index: 1 });
    expect(storedFiles(server.store)).toHaveLength(before);
  });

  it("refuses an executable renamed .png with 415 unacceptable_file_type", async () => {
    const { client, member } = await signedIn();
    const before = storedFiles(server.store).length;
    const res = await client.post(SUBMIT, form(memberTicketFields(world), [png, EXECUTABLE, pdf]));
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unacceptable_file_type");
    expect(res.body).toMatchObject({ file: EXECUTABLE.name, file_index: 1 });
    expect(storedFiles(server.store)).toHaveLength(before);
    const tickets = await server.store.db.selectFrom("tickets").select("id").where("user_id", "=", member.id).execute();
    expect(tickets).toHaveLength(0);
  });

  it("refuses a sixth file with too_many_files and removes the five stored ones", async () => {
    const { client } = await signedIn();
    const before = storedFiles(server.store).length;
    const res = await client.post(SUBMIT, form(memberTicketFields(world), [png, png, png, png, png, png]));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("too_many_files");
    expect(storedFiles(server.store)).toHaveLength(before);
  });

  it("answers a banned member with the ban object and removes the files", async () => {
    const until = Math.floor(Date.now() / 1000) + 86_400;
    const { client } = await signedIn({ bannedUntil: until });
    const before = storedFiles(server.store).length;
    const res = await client.post(SUBMIT, form(memberTicketFields(world), [png]));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: { status: "WARNING", message: "user_banned", until }, code: "user_banned" });
    expect(storedFiles(server.store)).toHaveLength(before);

    const forever = await signedIn({ bannedUntil: -1 });
    const res2 = await forever.client.post(SUBMIT, form(memberTicketFields(world)));
    expect(res2.body.detail).toEqual({ status: "WARNING", message: "user_banned", until: -1 });
  });

  it("lets a member whose ban has run out file again", async () => {
    const { client } = await signedIn({ bannedUntil: Math.floor(Date.now() / 1000) - 60 });
    expect((await client.post(SUBMIT, form(memberTicketFields(world)))).status).toBe(200);
  });

  it("refuses a member without characters with the spec's sentence", async () => {
    const member = await buildMember(server.store, { characters: [] });
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const res = await client.post(SUBMIT, form(memberTicketFields(world)));
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        loc: ["body"],
        msg: "You need to have a character in the game in order to create a support ticket.",
        type: "no_character",
      },
    ]);
  });

  it("refuses a character that is not the member's on that server", async () => {
    const { client } = await signedIn();
    const wrongServer = await client.post(SUBMIT, form(memberTicketFields(world, { server: world.otherServerId })));
    expect(wrongServer.status).toBe(422);
    expect((wrongServer.body.detail as { msg: string }[])[0]?.msg).toMatch(/no character with this name/);
    const wrongName = await client.post(SUBMIT, form(memberTicketFields(world, { characterName: "Legolas" })));
    expect(wrongName.status).toBe(422);
  });

  it("refuses a disabled, deleted or unknown category and an unknown server", async () => {
    const { client } = await signedIn();
    for (const category of [world.disabledCategoryId, world.deletedCategoryId, 999_999]) {
      const res = await client.post(SUBMIT, form(memberTicketFields(world, { category })));
      expect(res.status).toBe(422);
      expect((res.body.detail as { loc: string[] }[])[0]?.loc).toEqual(["body", "category"]);
    }
    const res = await client.post(SUBMIT, form(memberTicketFields(world, { server: 999_999 })));
    expect(res.status).toBe(422);
  });

  it("asks for the violator's name exactly for violaters-form categories", async () => {
    const { client } = await signedIn();
    for (const category of [world.violatersCategoryId, world.tradeCategoryId]) {
      const missing = await client.post(SUBMIT, form(memberTicketFields(world, { category })));
      expect(missing.status).toBe(422);
      expect((missing.body.detail as { loc: string[] }[])[0]?.loc).toEqual(["body", "violatersName"]);
    }
    const tooLong = await client.post(
      SUBMIT,
      form(memberTicketFields(world, { category: world.violatersCategoryId, violatersName: "TenLetters" })),
    );
    expect(tooLong.status).toBe(422);
    const ok = await client.post(
      SUBMIT,
      form(memberTicketFields(world, { category: world.tradeCategoryId, violatersName: "Sauron" })),
    );
    expect(ok.status).toBe(200);
    expect((ok.body.ticket as { violatersName: string }).violatersName).toBe("Sauron");
    // Elsewhere a violator's name is not kept.
    const ignored = await client.post(SUBMIT, form(memberTicketFields(world, { violatersName: "Sauron" })));
    expect((ignored.body.ticket as { violatersName: string }).violatersName).toBe("");
  });

  it("applies the cap set by the operator (MEMBER_ACTIVE_TICKET_CAP writes it to app_settings)", async () => {
    const { member, client } = await signedIn();
    await buildTicket(server.store, { member, status: "REPLIED", created_at: 1_000_000 });
    await writeSetting(server.store.db, "member_active_ticket_cap", "1");
    try {
      const res = await client.post(SUBMIT, form(memberTicketFields(world)));
      expect(res.status).toBe(429);
      expect(res.body.code).toBe("too_many_active_tickets");
    } finally {
      await writeSetting(server.store.db, "member_active_ticket_cap", "3");
    }
  });

  it("refuses a fourth ACTIVE ticket with too_many_active_tickets; an ended one does not count", async () => {
    const { member, client } = await signedIn();
    await buildTicket(server.store, { member, status: "NEW TICKET", created_at: 1_000_000 });
    await buildTicket(server.store, { member, status: "ON HOLD", created_at: 1_000_000 });
    await buildTicket(server.store, { member, status: "CLOSED", created_at: 1_000_000 });
    expect((await client.post(SUBMIT, form(memberTicketFields(world)))).status).toBe(200);
    const before = storedFiles(server.store).length;
    const res = await client.post(SUBMIT, form(memberTicketFields(world), [png]));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("too_many_active_tickets");
    expect(storedFiles(server.store)).toHaveLength(before);
  });

  it("refuses more than 3 tickets in 10 minutes with rate_limit_ticket_submit", async () => {
    const { member, client } = await signedIn();
    // Three recent tickets that have ended: the cap does not apply, the rate does.
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 3; i++) await buildTicket(server.store, { member, status: "RESOLVED", created_at: now - 60 });
    const res = await client.post(SUBMIT, form(memberTicketFields(world)));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("rate_limit_ticket_submit");
  });

  it("is for members only: 401 without a session, 403 for staff and temporary users", async () => {
    expect((await server.client().post(SUBMIT, form(memberTicketFields(world)))).status).toBe(401);
    const staff = await buildStaff(server.store);
    const client = server.client();
    await client.signIn(staff.email, FACTORY_PASSWORD);
    expect((await client.post(SUBMIT, form(memberTicketFields(world)))).status).toBe(403);
  });

  it("refuses a file sent before the bot-check field with 422, writing nothing", async () => {
    const { client } = await signedIn();
    const res = await storingNothing(server, () => client.post(SUBMIT, filesFirst(memberTicketFields(world), [png])));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation");
    expect(issueLocs(res.body)).toEqual([["body", "captchaToken"]]);
    // The same form with its fields first goes through.
    expect((await client.post(SUBMIT, form(memberTicketFields(world), [png]))).status).toBe(200);
  });

  it("refuses an anonymous file sent before captchaToken and email, writing nothing", async () => {
    const anonymous = server.client();
    const before = storedFiles(server.store).length;
    const res = await storingNothing(server, () =>
      anonymous.post(SUBMIT_TEMPORARY, filesFirst(temporaryTicketFields(world), [png, png])),
    );
    expect(res.status).toBe(422);
    expect(issueLocs(res.body)).toEqual([
      ["body", "captchaToken"],
      ["body", "email"],
    ]);
    const ok = await anonymous.post(SUBMIT_TEMPORARY, form(temporaryTicketFields(world), [png]));
    expect(ok.status).toBe(200);
    expect(storedFiles(server.store)).toHaveLength(before + 1);
  });

  it("answers 422 for missing fields and stores nothing", async () => {
    const { client } = await signedIn();
    const before = storedFiles(server.store).length;
    const res = await client.post(SUBMIT, form({ category: world.categoryId }, [png]));
    expect(res.status).toBe(422);
    expect(Array.isArray(res.body.detail)).toBe(true);
    expect(storedFiles(server.store)).toHaveLength(before);
  });
});

describe.each(ENGINES)("ticket submission with the bot check on %s", (engine) => {
  let world: TicketWorld;
  const server = useTestServer(engine, { CAPTCHA: "altcha" });
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
  });

  it("requires a solved challenge, removes the files when it is missing or wrong, and accepts it once", async () => {
    const member = await buildPlayer(server.store, world);
    const client = server.client();
    await client.post("/auth/login", {
      username: member.email,
      password: FACTORY_PASSWORD,
      captchaToken: await client.solveCaptcha(),
    });
    // The web form sends its fields first: the bot check runs before a file byte is written.
    await storingNothing(server, async () => {
      const none = await client.post(SUBMIT, form(memberTicketFields(world), [png]));
      expect(none.status).toBe(400);
      expect(none.body.code).toBe("captcha_required");
      const forged = await client.post(
        SUBMIT,
        form(memberTicketFields(world, { captchaToken: "bm9uc2Vuc2U=" }), [png]),
      );
      expect(forged.status).toBe(400);
      expect(forged.body.code).toBe("captcha_failed");
    });

    const token = await client.solveCaptcha();
    expect((await client.post(SUBMIT, form(memberTicketFields(world, { captchaToken: token })))).status).toBe(200);
    const replay = await client.post(SUBMIT, form(memberTicketFields(world, { captchaToken: token })));
    expect(replay.body.code).toBe("captcha_failed");
  });

  it("refuses a solved challenge sent after the files without using it up", async () => {
    const anonymous = server.client();
    const token = await anonymous.solveCaptcha();
    const late = await storingNothing(server, () =>
      anonymous.post(SUBMIT_TEMPORARY, filesFirst(temporaryTicketFields(world, { captchaToken: token }), [png])),
    );
    expect(late.status).toBe(422);
    expect(issueLocs(late.body)).toEqual([
      ["body", "captchaToken"],
      ["body", "email"],
    ]);
    // The bot check never ran: the same token still files the ticket in the normal order.
    const ok = await anonymous.post(
      SUBMIT_TEMPORARY,
      form(temporaryTicketFields(world, { captchaToken: token }), [png]),
    );
    expect(ok.status).toBe(200);
  });

  it("requires it for temporary tickets too", async () => {
    const res = await server.client().post("/api/tickets/submit-temporary-ticket", form(temporaryTicketFields(world)));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("captcha_required");
  });
});
