import { beforeAll, describe, expect, it } from "vitest";
import { decodeTicketInfo } from "../../common/ticket-code.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { ENGINES, LIMIT_STORES } from "../test/engines.ts";
import { buildTempUser, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import {
  buildPlayer,
  buildTicketWorld,
  EXECUTABLE,
  form,
  storedFiles,
  type TicketWorld,
  temporaryTicketFields,
} from "../test/playerTickets.ts";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import { startSecondNode, type TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

const SUBMIT = "/api/tickets/submit-temporary-ticket";
const SEARCH = "/api/tickets/search-ticket-temporary";
const FETCH = "/api/tickets/fetch-member-ticket";

let address = 0;
/** A fresh client address per test, so the per-address limits of one test do not touch another. */
function fromNewAddress(): Record<string, string> {
  address++;
  return { "x-forwarded-for": `10.0.${Math.floor(address / 250)}.${(address % 250) + 1}` };
}

let network = 0;
/**
 * A fresh IPv6 /64 of one /48 per call: each is its own address key, as an attacker holding a /48
 * has 65,536 of them.
 */
function fromNewNetwork(): Record<string, string> {
  network++;
  return { "x-forwarded-for": `2001:db8:48:${network.toString(16)}::7` };
}

/** Ticket numbers that no test files (ids and created_at are far below), for look-ups that miss. */
const UNUSED_REFERENCE = 9_000_000;

describe.each(ENGINES)("temporary tickets on %s", (engine) => {
  let world: TicketWorld;
  const server = useTestServer(engine, { TRUST_PROXY: "true" });
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
  });

  async function submit(client: TestClient, headers: Record<string, string>, overrides = {}, files = [] as never[]) {
    return client.post(SUBMIT, form(temporaryTicketFields(world, overrides), files), { headers });
  }

  it("files a ticket for a visitor, with one temporary identity per ticket", async () => {
    const headers = fromNewAddress();
    const client = server.client();
    const email = `visitor${address}@example.test`;
    const first = await client.post(
      SUBMIT,
      form(temporaryTicketFields(world, { email: email.toUpperCase() }), [SAMPLE_FILES["text/plain"]!]),
      { headers },
    );
    expect(first.status).toBe(200);
    const info = decodeTicketInfo(first.body.ticket_info as string);
    expect(info).toEqual({ ticketId: first.body.ticket_id, email });
    const second = await submit(client, headers, { email, name: "Other name" });
    expect(second.status).toBe(200);
    const users = await server.store.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .orderBy("id")
      .execute();
    expect(users).toHaveLength(2);
    for (const user of users) expect(user).toMatchObject({ class: "user", type: "temp", password_hash: null });
    expect(users.map((u) => u.name)).toEqual(["Visitor", "Other name"]);
    const tickets = await server.store.db
      .selectFrom("tickets")
      .selectAll()
      .where("email", "=", email)
      .orderBy("id")
      .execute();
    expect(tickets.map((t) => [t.type, t.ticket_type, t.status, t.name])).toEqual([
      ["temp", "other", "NEW TICKET", "Visitor"],
      ["temp", "other", "NEW TICKET", "Other name"],
    ]);
    expect(tickets.map((t) => t.user_id)).toEqual(users.map((u) => u.id));
    expect(tickets[0]!.ip_origin).toBe(headers["x-forwarded-for"]);
  });

  it("does not make a visitor who types someone's e-mail into that person (finding 4)", async () => {
    const email = `victim${address}@example.test`;
    const victim = server.client();
    const victimHeaders = fromNewAddress();
    const filed = await victim.post(
      SUBMIT,
      form(temporaryTicketFields(world, { email, name: "Victoria" }), [SAMPLE_FILES["text/plain"]!]),
      { headers: victimHeaders },
    );
    expect(filed.status).toBe(200);
    const victimTicket = await server.store.db
      .selectFrom("tickets")
      .selectAll()
      .where("id", "=", filed.body.ticket_id as number)
      .executeTakeFirstOrThrow();
    const [victimFile] = JSON.parse(victimTicket.attachments) as string[];

    // Someone else files with the same e-mail, from other addresses, up to more than the cap.
    const attacker = server.client();
    let attackerTicket = 0;
    for (let i = 0; i < 4; i++) {
      const res = await submit(attacker, fromNewAddress(), { email, name: "Mallory" });
      expect(res.status).toBe(200);
      attackerTicket = res.body.ticket_id as number;
    }
    const opened = await attacker.post(SEARCH, { ticket_id: attackerTicket, email }, { headers: fromNewAddress() });
    expect(opened.status).toBe(200);
    // Their own name, not the victim's; not the victim's ticket, nor its files.
    expect(opened.body.user).toMatchObject({ name: "Mallory", ticket_id: attackerTicket });
    expect(JSON.stringify(opened.body)).not.toContain("Victoria");
    expect((await attacker.post(FETCH, { ticket_id: victimTicket.id })).status).toBe(404);
    expect((await attacker.get(`/download/${victimFile}`)).status).toBe(404);
    expect((await attacker.post("/api/fetch-chat", { chat_id: `chat-${victimTicket.id}` })).status).toBe(404);

    // The attacker's filings did not use up the victim's caps.
    expect((await submit(victim, victimHeaders, { email, name: "Victoria" })).status).toBe(200);
    // The victim, on their own ticket, still gets their file.
    expect((await victim.post(SEARCH, { ticket_id: victimTicket.id, email }, { headers: victimHeaders })).status).toBe(
      200,
    );
    expect((await victim.get(`/download/${victimFile}`)).status).toBe(200);
  });

  it("keeps a file uploaded on one temporary ticket away from the same e-mail's other ticket", async () => {
    const email = `split${address}@example.test`;
    const headers = fromNewAddress();
    const one = await submit(server.client(), headers, { email });
    const two = await submit(server.client(), headers, { email });
    const first = server.client();
    await first.post(SEARCH, { ticket_id: one.body.ticket_id, email }, { headers });
    const uploaded = await first.post("/api/upload-files", form({}, [SAMPLE_FILES["text/plain"]!]), { headers });
    expect(uploaded.status).toBe(200);
    const [url] = uploaded.body.fileUrls as string[];
    expect((await first.get(url!)).status).toBe(200);
    const second = server.client();
    await second.post(SEARCH, { ticket_id: two.body.ticket_id, email }, { headers });
    expect((await second.get(url!)).status).toBe(404);
    const claim = await second.post("/api/new-chat-message", {
      chatId: `chat-${two.body.ticket_id}`,
      message: "",
      fileUrls: [url!],
    });
    expect(claim.status).toBe(422);
  });

  it("holds the per-address filing limit under parallel filings, and a refused filing does not count", async () => {
    const headers = fromNewAddress();
    const refused = await submit(server.client(), headers, { category: world.disabledCategoryId });
    expect(refused.status).toBe(422);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submit(server.client(), headers, { email: `burst${address}x${i}@example.test` }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
  });

  it("writes nothing when refused: wrong type, disabled category, missing violator", async () => {
    const headers = fromNewAddress();
    const email = `refused${address}@example.test`;
    const before = storedFiles(server.store).length;
    const wrongType = await server
      .client()
      .post(SUBMIT, form(temporaryTicketFields(world, { email }), [EXECUTABLE]), { headers });
    expect(wrongType.status).toBe(415);
    const disabled = await submit(server.client(), headers, { email, category: world.disabledCategoryId });
    expect(disabled.status).toBe(422);
    const violaters = await submit(server.client(), headers, { email, category: world.violatersCategoryId });
    expect(violaters.status).toBe(422);
    expect(storedFiles(server.store)).toHaveLength(before);
    const users = await server.store.db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(users).toHaveLength(0);
  });

  it("answers a banned temporary e-mail with the ban object", async () => {
    const temp = await buildTempUser(server.store);
    await server.store.db.updateTable("users").set({ banned: 1, banned_until: -1 }).where("id", "=", temp.id).execute();
    const res = await submit(server.client(), fromNewAddress(), { email: temp.email });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: { status: "WARNING", message: "user_banned", until: -1 }, code: "user_banned" });
  });

  it("limits one address to 5 temporary tickets in 10 minutes", async () => {
    const headers = fromNewAddress();
    for (let i = 0; i < 5; i++) {
      expect((await submit(server.client(), headers, { email: `flood${address}x${i}@example.test` })).status).toBe(200);
    }
    const res = await submit(server.client(), headers, { email: `flood${address}x9@example.test` });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("rate_limit_ticket_submit");
  });

  it("refuses a signed-in member with 409", async () => {
    const member = await buildPlayer(server.store, world);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    expect((await submit(client, fromNewAddress())).status).toBe(409);
  });

  it("opens the ticket by id and e-mail (any case) with a temporary session bound to it", async () => {
    const headers = fromNewAddress();
    const email = `opener${address}@example.test`;
    const client = server.client();
    const filed = await submit(client, headers, { email });
    const ticketId = filed.body.ticket_id as number;
    const opened = await client.post(SEARCH, form({ ticket_id: ticketId, email: email.toUpperCase() }), { headers });
    expect(opened.status).toBe(200);
    expect(opened.body.ticket).toMatchObject({ id: ticketId, type: "temp", status: "NEW TICKET" });
    expect(opened.body.ticket).not.toHaveProperty("ip_origin");
    expect(opened.body.user).toMatchObject({ email, type: "temp", ticket_id: ticketId });
    expect((await client.get("/auth/pulse-check")).body).toMatchObject({ temp: true, user_type: "temp" });

    const fetched = await client.post(FETCH, { ticket_id: ticketId });
    expect(fetched.status).toBe(200);
    // The same visitor's other ticket is not part of this session.
    const other = await submit(server.client(), headers, { email });
    expect((await client.post(FETCH, { ticket_id: other.body.ticket_id })).status).toBe(404);
    // A temporary user may not mark the ticket solved, nor use member calls.
    await server.store.db.updateTable("tickets").set({ status: "REPLIED" }).where("id", "=", ticketId).execute();
    expect((await client.post("/api/tickets/submit-ticket-complete-member", { ticket_id: ticketId })).status).toBe(403);
    expect((await client.post("/api/tickets/member-ticket-history", {})).status).toBe(403);
    expect((await client.get("/api/members/get-member")).status).toBe(403);
  });

  it("answers 404 with the spec's sentence for a wrong pair, a member's ticket or an unknown id", async () => {
    const headers = fromNewAddress();
    const email = `pair${address}@example.test`;
    const filed = await submit(server.client(), headers, { email });
    const expectMiss = async (ticket_id: number, mail: string) => {
      const res = await server.client().post(SEARCH, { ticket_id, email: mail }, { headers });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("No ticket was found with this ticket number and e-mail.");
      // Its own code, so the page shows the sentence in the visitor's language.
      expect(res.body.code).toBe("ticket_not_found");
    };
    await expectMiss(filed.body.ticket_id as number, `other${address}@example.test`);
    const memberTicket = await buildTicket(server.store);
    await expectMiss(memberTicket.id, memberTicket.email);
    await expectMiss(9_999_999, email);
  });

  it("throttles an address after 10 failed look-ups in 15 minutes, even for a right pair", async () => {
    const headers = fromNewAddress();
    const email = `throttle${address}@example.test`;
    const filed = await submit(server.client(), headers, { email });
    for (let i = 0; i < 10; i++) {
      const miss = await server
        .client()
        .post(SEARCH, { ticket_id: filed.body.ticket_id, email: `x${i}@example.test` }, { headers });
      expect(miss.status).toBe(404);
    }
    const blocked = await server.client().post(SEARCH, { ticket_id: filed.body.ticket_id, email }, { headers });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed ticket look-ups/);
    expect(blocked.body.code).toBe("ticket_lookup_locked");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    const elsewhere = await server
      .client()
      .post(SEARCH, { ticket_id: filed.body.ticket_id, email }, { headers: fromNewAddress() });
    expect(elsewhere.status).toBe(200);
  });

  it("locks an e-mail after 20 failed look-ups in an hour from any addresses; a right pair does not count (finding 1)", async () => {
    const email = `walked${address}@example.test`;
    const filed = await submit(server.client(), fromNewAddress(), { email });
    expect(filed.status).toBe(200);
    const lookUp = (ticket_id: number, mail = email) =>
      server.client().post(SEARCH, { ticket_id, email: mail }, { headers: fromNewNetwork() });
    // The owner's right pairs, between the misses, use up nothing of the e-mail's window.
    for (let i = 0; i < RATE_LIMITS.temporaryLookupPerEmail.max; i++) {
      // Another spelling of the same e-mail counts in the same window.
      const miss = await lookUp(UNUSED_REFERENCE + i, i % 2 ? email.toUpperCase() : email);
      expect(miss.status).toBe(404);
      if (i % 5 === 0) expect((await lookUp(filed.body.ticket_id as number)).status).toBe(200);
    }
    // Every look-up came from its own /64, so the address window never stopped one.
    const walked = await lookUp(UNUSED_REFERENCE + 100);
    expect(walked.status).toBe(429);
    expect(walked.body).toMatchObject({
      code: "ticket_lookup_locked",
      detail: "Too many failed ticket look-ups. Please wait a few minutes and try again.",
    });
    expect(Number(walked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(walked.headers.get("retry-after"))).toBeLessThanOrEqual(
      RATE_LIMITS.temporaryLookupPerEmail.windowSeconds,
    );
    // Once locked, the right id is refused too: the walk cannot go on and find it.
    expect((await lookUp(filed.body.ticket_id as number)).status).toBe(429);
    // Another e-mail is not locked.
    expect((await lookUp(UNUSED_REFERENCE, `other${address}@example.test`)).status).toBe(404);
  });

  it("does not spend an address's window on an e-mail that is locked", async () => {
    const email = `locked${address}@example.test`;
    for (let i = 0; i < RATE_LIMITS.temporaryLookupPerEmail.max; i++) {
      const miss = await server
        .client()
        .post(SEARCH, { ticket_id: UNUSED_REFERENCE + i, email }, { headers: fromNewNetwork() });
      expect(miss.status).toBe(404);
    }
    const headers = fromNewAddress();
    for (let i = 0; i < RATE_LIMITS.temporaryLookup.max + 2; i++) {
      expect((await server.client().post(SEARCH, { ticket_id: 1, email }, { headers })).status).toBe(429);
    }
    // Refused before any search, those look-ups left this address its whole window.
    const elsewhere = `free${address}@example.test`;
    for (let i = 0; i < RATE_LIMITS.temporaryLookup.max; i++) {
      const res = await server.client().post(SEARCH, { ticket_id: UNUSED_REFERENCE, email: elsewhere }, { headers });
      expect(res.status).toBe(404);
    }
  });

  it("refuses a signed-in member with 409 and files sent to the look-up", async () => {
    const member = await buildPlayer(server.store, world);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    expect((await client.post(SEARCH, { ticket_id: 1, email: "a@example.test" })).status).toBe(409);
    const withFile = await server
      .client()
      .post(SEARCH, form({ ticket_id: 1, email: "a@example.test" }, [SAMPLE_FILES["text/plain"]!]), {
        headers: fromNewAddress(),
      });
    expect(withFile.status).toBe(422);
  });
});

describe.each(LIMIT_STORES)("temporary look-up throttle in the %s limit store", (limits) => {
  describe.each(ENGINES)("on %s", (engine) => {
    let world: TicketWorld;
    const server = useTestServer(engine, { TRUST_PROXY: "true" }, { limits });
    beforeAll(async () => {
      world = await buildTicketWorld(server.store);
    });

    it("searches no more than the limit of 100 parallel wrong look-ups, and a right pair in the burst is refused", async () => {
      const headers = fromNewAddress();
      const email = `burst${address}@example.test`;
      const filed = await server
        .client()
        .post(SUBMIT, form(temporaryTicketFields(world, { email }), []), { headers: fromNewAddress() });
      expect(filed.status).toBe(200);
      const client = server.client();
      await client.get("/api/config/public");
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          // Multipart, as the web sends it: the body arrives in pieces while other look-ups run.
          client.post(
            SEARCH,
            form({ ticket_id: filed.body.ticket_id as number, email: i === 79 ? email : `x${i}@example.test` }),
            { headers },
          ),
        ),
      );
      const statuses = answers.map((a) => a.status);
      const searched = statuses.filter((s) => s === 404 || s === 200).length;
      expect(searched).toBeLessThanOrEqual(RATE_LIMITS.temporaryLookup.max);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(100 - RATE_LIMITS.temporaryLookup.max);
      expect(statuses[79]).toBe(429);
      // Another address is not affected, and a right pair does not use up the window.
      const elsewhere = fromNewAddress();
      for (let i = 0; i < RATE_LIMITS.temporaryLookup.max + 2; i++) {
        const res = await server
          .client()
          .post(SEARCH, { ticket_id: filed.body.ticket_id, email }, { headers: elsewhere });
        expect(res.status).toBe(200);
      }
    });

    it("searches no more than the e-mail's limit of parallel look-ups from many networks", async () => {
      const email = `parallel${network}@example.test`;
      const filed = await server
        .client()
        .post(SUBMIT, form(temporaryTicketFields(world, { email }), []), { headers: fromNewAddress() });
      expect(filed.status).toBe(200);
      const burst = 3 * RATE_LIMITS.temporaryLookupPerEmail.max;
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, i) =>
          server.client().post(SEARCH, form({ ticket_id: UNUSED_REFERENCE + i, email }), { headers: fromNewNetwork() }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      // The store reserves atomically: exactly the window's misses were searched, however many raced.
      expect(statuses.filter((s) => s === 404)).toHaveLength(RATE_LIMITS.temporaryLookupPerEmail.max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(burst - RATE_LIMITS.temporaryLookupPerEmail.max);
      expect(answers.find((a) => a.status === 429)?.body.code).toBe("ticket_lookup_locked");
      // The right pair is refused now, from yet another network; another e-mail is searched.
      const right = await server
        .client()
        .post(SEARCH, { ticket_id: filed.body.ticket_id, email }, { headers: fromNewNetwork() });
      expect(right.status).toBe(429);
      const other = await server
        .client()
        .post(SEARCH, { ticket_id: filed.body.ticket_id, email: `x${email}` }, { headers: fromNewNetwork() });
      expect(other.status).toBe(404);
    });

    // Last in this suite: closing the second node closes the limit store that both nodes share.
    it("holds across two nodes that share the limit store", async () => {
      const email = `nodes${address}@example.test`;
      const filed = await server
        .client()
        .post(SUBMIT, form(temporaryTicketFields(world, { email }), []), { headers: fromNewAddress() });
      const second = await startSecondNode(server);
      try {
        const nodes = [server.client(), second.client()];
        const headers = fromNewAddress();
        const statuses: number[] = [];
        for (let i = 0; i < RATE_LIMITS.temporaryLookup.max + 2; i++) {
          const node = nodes[i % 2]!;
          statuses.push(
            (await node.post(SEARCH, { ticket_id: filed.body.ticket_id, email: `y${i}@example.test` }, { headers }))
              .status,
          );
        }
        expect(statuses.filter((s) => s === 404)).toHaveLength(RATE_LIMITS.temporaryLookup.max);
        expect(statuses.slice(-2)).toEqual([429, 429]);
      } finally {
        await second.close();
      }
    });
  });
});
