/**
 * Finding 6: uploads have a budget per account and per address (held in ctx.limits, so on memory
 * and on Redis), refused requests store nothing, checks run before a file byte is written, and
 * uploads never attached are swept.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CSRF_HEADER } from "../../common/constants.ts";
import { nowSeconds } from "../auth/tokens.ts";
import { sweepOrphanUploads } from "../jobs/sweeps.ts";
import { ENGINES, LIMIT_STORES } from "../test/engines.ts";
import { buildMember, buildTempUser, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import {
  buildPlayer,
  buildTicketWorld,
  form,
  memberTicketFields,
  storedFiles,
  type TicketWorld,
  temporaryTicketFields,
} from "../test/playerTickets.ts";
import type { TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

const BUDGET = 40_000;
/** A text file of `size` bytes (text is an allowed type whatever its size). */
const text = (size: number, name = "notes.txt") => ({ name, bytes: Buffer.alloc(size, 0x61), type: "text/plain" });

let address = 0;
function fromNewAddress(): Record<string, string> {
  address++;
  return { "x-forwarded-for": `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}` };
}

describe.each(ENGINES)("upload budget on %s", (engine) => {
  describe.each(LIMIT_STORES)("with %s limits", (limits) => {
    let world: TicketWorld;
    const server = useTestServer(
      engine,
      { UPLOAD_BUDGET_BYTES: String(BUDGET), UPLOAD_MAX_BYTES: "30000", TRUST_PROXY: "true" },
      { limits },
    );
    beforeAll(async () => {
      world = await buildTicketWorld(server.store);
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    async function member(headers: Record<string, string>, options: { bannedUntil?: number } = {}) {
      const user = await buildPlayer(server.store, world, options);
      const client = server.client();
      await client.post(
        "/auth/login",
        { username: user.email, password: FACTORY_PASSWORD, captchaToken: "" },
        { headers },
      );
      return { user, client };
    }

    const upload = (client: TestClient, headers: Record<string, string>, size: number) =>
      client.post("/api/upload-files", form({}, [text(size)]), { headers });

    async function uploadRows(userId: number): Promise<number> {
      const rows = await server.store.db.selectFrom("uploads").select("name").where("user_id", "=", userId).execute();
      return rows.length;
    }

    it("answers 429 with detail beyond the account's budget and stores nothing", async () => {
      const headers = fromNewAddress();
      const { user, client } = await member(headers);
      expect((await upload(client, headers, 25_000)).status).toBe(200);
      const before = storedFiles(server.store).length;
      const over = await upload(client, headers, 25_000);
      expect(over.status).toBe(429);
      expect(over.body.code).toBe("upload_budget_exceeded");
      expect(over.body.detail).toMatch(/uploaded too much/);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(storedFiles(server.store)).toHaveLength(before);
      expect(await uploadRows(user.id)).toBe(1);
      // The same account from another address is still over its own budget.
      expect((await upload(client, fromNewAddress(), 25_000)).status).toBe(429);
    });

    it("holds per address, across accounts and for visitors without one", async () => {
      const headers = fromNewAddress();
      const first = await member(headers);
      expect((await upload(first.client, headers, 25_000)).status).toBe(200);
      const second = await member(headers);
      expect((await upload(second.client, headers, 25_000)).status).toBe(429);
      const visitor = await server
        .client()
        .post("/api/tickets/submit-temporary-ticket", form(temporaryTicketFields(world), [text(25_000)]), { headers });
      expect(visitor.status).toBe(429);
      expect(visitor.body.code).toBe("upload_budget_exceeded");
      // Elsewhere, the second account's own budget is untouched.
      expect((await upload(second.client, fromNewAddress(), 25_000)).status).toBe(200);
    });

    it("lets parallel uploads through only up to the budget", async () => {
      const headers = fromNewAddress();
      const { user, client } = await member(headers);
      const before = storedFiles(server.store).length;
      const answers = await Promise.all(Array.from({ length: 8 }, () => upload(client, headers, 9_000)));
      const ok = answers.filter((a) => a.status === 200).length;
      expect(ok).toBeGreaterThan(0);
      expect(ok * 9_000).toBeLessThanOrEqual(BUDGET);
      expect(answers.filter((a) => a.status === 429).length).toBe(8 - ok);
      expect(await uploadRows(user.id)).toBe(ok);
      expect(storedFiles(server.store).length - before).toBe(ok);
    });

    it("reserves a body without Content-Length as it streams, and stops it at the budget", async () => {
      const headers = fromNewAddress();
      const { user, client } = await member(headers);
      const body = new Response(form({}, [text(29_000)]));
      const type = body.headers.get("content-type")!;
      const bytes = new Uint8Array(await body.arrayBuffer());
      // A chunked body: the server cannot know its size before reading it.
      const chunked = () =>
        fetch(`${server.baseUrl}/api/upload-files`, {
          method: "POST",
          headers: { ...headers, cookie: client.cookieHeader(), [CSRF_HEADER]: client.csrf!, "content-type": type },
          body: new ReadableStream({
            start(controller) {
              for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.subarray(i, i + 4096));
              controller.close();
            },
          }),
          duplex: "half",
        } as RequestInit);
      const before = storedFiles(server.store).length;
      expect((await chunked()).status).toBe(200);
      const over = await chunked();
      expect(over.status).toBe(429);
      expect(((await over.json()) as { code: string }).code).toBe("upload_budget_exceeded");
      expect(storedFiles(server.store).length - before).toBe(1);
      expect(await uploadRows(user.id)).toBe(1);
    });

    it("refuses a banned member before a byte is stored, and gives the reserved budget back", async () => {
      const headers = fromNewAddress();
      const { client } = await member(headers, { bannedUntil: -1 });
      const save = vi.spyOn(server.node.ctx.uploads, "save");
      const before = storedFiles(server.store).length;
      for (let i = 0; i < 3; i++) {
        const res = await client.post(SUBMIT, form(memberTicketFields(world), [text(25_000)]), { headers });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("user_banned");
      }
      expect(save).not.toHaveBeenCalled();
      expect(storedFiles(server.store)).toHaveLength(before);
      // Three refused 25 kB bodies did not use up the 40 kB budget.
      expect((await upload(client, headers, 25_000)).status).toBe(200);
    });

    it("checks a banned visitor's e-mail before storing the files sent after it", async () => {
      const temp = await buildTempUser(server.store);
      await server.store.db
        .updateTable("users")
        .set({ banned: 1, banned_until: -1 })
        .where("id", "=", temp.id)
        .execute();
      const save = vi.spyOn(server.node.ctx.uploads, "save");
      const res = await server
        .client()
        .post(
          "/api/tickets/submit-temporary-ticket",
          form(temporaryTicketFields(world, { email: temp.email }), [text(100)]),
          {
            headers: fromNewAddress(),
          },
        );
      expect(res.status).toBe(403);
      expect(save).not.toHaveBeenCalled();
    });

    it("does not store files for a chat the sender may not write to", async () => {
      const headers = fromNewAddress();
      const { client } = await member(headers);
      const theirs = await buildTicket(server.store);
      const save = vi.spyOn(server.node.ctx.uploads, "save");
      const res = await client.post(
        "/api/new-chat-message",
        form({ chatId: `chat-${theirs.id}`, message: "hi" }, [text(100)]),
        { headers },
      );
      expect(res.status).toBe(404);
      expect(save).not.toHaveBeenCalled();
    });
  });
});

const SUBMIT = "/api/tickets/submit-member-ticket";

describe.each(ENGINES)("orphan upload sweep on %s", (engine) => {
  const server = useTestServer(engine, { UPLOAD_ORPHAN_MINUTES: "60" });

  async function uploadAs(client: TestClient): Promise<string> {
    const res = await client.post("/api/upload-files", form({}, [text(100)]));
    expect(res.status).toBe(200);
    return (res.body.fileUrls as string[])[0]!.replace("/download/", "");
  }

  it("removes rows and files of uploads never attached within the window, once, on any number of nodes", async () => {
    const user = await buildMember(server.store);
    const client = server.client();
    await client.signIn(user.email, FACTORY_PASSWORD);
    const ticket = await buildTicket(server.store, { member: user });
    const [old1, old2, attached, fresh] = [
      await uploadAs(client),
      await uploadAs(client),
      await uploadAs(client),
      await uploadAs(client),
    ];
    await server.store.db.updateTable("uploads").set({ ticket_id: ticket.id }).where("name", "=", attached).execute();
    const twoHoursAgo = nowSeconds() - 2 * 3600;
    await server.store.db
      .updateTable("uploads")
      .set({ created_at: twoHoursAgo })
      .where("name", "in", [old1, old2, attached])
      .execute();

    // Two nodes sweep at the same moment: each orphan is removed by exactly one of them.
    const ctx = server.node.ctx;
    const [a, b] = await Promise.all([sweepOrphanUploads(ctx), sweepOrphanUploads(ctx)]);
    expect([...a, ...b].sort()).toEqual([old1, old2].sort());
    expect(await sweepOrphanUploads(ctx)).toEqual([]);

    const rows = await server.store.db.selectFrom("uploads").select("name").where("user_id", "=", user.id).execute();
    expect(rows.map((r) => r.name).sort()).toEqual([attached, fresh].sort());
    const dir = path.join(server.store.dataDir, "uploads");
    expect(existsSync(path.join(dir, old1))).toBe(false);
    expect(existsSync(path.join(dir, old2))).toBe(false);
    expect(existsSync(path.join(dir, attached))).toBe(true);
    expect(existsSync(path.join(dir, fresh))).toBe(true);
    // A swept upload can no longer be attached to a message.
    const sent = await client.post("/api/new-chat-message", {
      chatId: `chat-${ticket.id}`,
      message: "",
      fileUrls: [`/download/${old1}`],
    });
    expect(sent.status).toBe(422);
  });
});
