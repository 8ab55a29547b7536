/**
 * Holes an outside security review of the authorization fixes found, each kept as a regression test:
 * - a NUL in an uploaded file's name answered 500 on PostgreSQL, also to anonymous visitors;
 * - a player's chat page named the staff who wrote only staff-only messages;
 * - parallel submissions of one member got past the submission rate and the active-ticket cap.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../common/constants.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import { ENGINES } from "../test/engines.ts";
import { buildChatMessage, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import {
  buildPlayer,
  buildTicketWorld,
  form,
  memberTicketFields,
  storedFiles,
  type TicketWorld,
} from "../test/playerTickets.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("review regressions on %s", (engine) => {
  let world: TicketWorld;
  const server = useTestServer(engine, { TRUST_PROXY: "true" });
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
  });

  it("stores a file whose name carries a NUL or other control characters, without them", async () => {
    const player = await buildPlayer(server.store, world);
    const client = server.client();
    await client.signIn(player.email, FACTORY_PASSWORD);
    const boundary = "B0undary";
    for (const disposition of [`filename*=UTF-8''a%00b.txt`, `filename="a\u0000b.txt"`]) {
      const body = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; ${disposition}\r\nContent-Type: text/plain\r\n\r\nhello world\r\n--${boundary}--\r\n`,
        "latin1",
      );
      const response = await fetch(`${server.baseUrl}/api/upload-files`, {
        method: "POST",
        headers: {
          cookie: client.cookieHeader(),
          [CSRF_HEADER]: client.csrf!,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        body,
      });
      const answer = (await response.json()) as { fileUrls: string[] };
      expect(response.status, JSON.stringify(answer)).toBe(200);
      const { fileUrls } = answer;
      const name = fileUrls[0]!.replace("/download/", "");
      const row = await server.store.db
        .selectFrom("uploads")
        .select("original_name")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      expect(row.original_name).toBe("ab.txt");
    }
  });

  it("names to a player only the senders of the messages the player is shown", async () => {
    const player = await buildPlayer(server.store, world);
    const admin = await buildStaff(server.store, { rank: "admin" });
    const ticket = await buildTicket(server.store, { member: player, status: "REPLIED" });
    await buildChatMessage(server.store, ticket);
    await buildChatMessage(server.store, ticket, {
      type: "ban_message",
      sender_id: admin.id,
      sender_name: admin.name,
      user_class: "dev",
      message: "Banned for gold selling",
    });
    const client = server.client();
    await client.signIn(player.email, FACTORY_PASSWORD);
    const page = await client.post("/api/fetch-chat", { chat_id: encodeChatId(ticket.id) });
    expect(page.status).toBe(200);
    expect((page.body.users as { id: number }[]).map((u) => u.id)).not.toContain(admin.id);
    const staff = server.client();
    await staff.signIn(admin.email, FACTORY_PASSWORD);
    const staffPage = await staff.post("/api/fetch-chat", { chat_id: encodeChatId(ticket.id) });
    expect((staffPage.body.users as { id: number }[]).map((u) => u.id)).toContain(admin.id);
  });

  it("holds a member's submission rate under 15 parallel filings, files or not, and keeps no refused file", async () => {
    for (const withFile of [false, true]) {
      const player = await buildPlayer(server.store, world);
      const client = server.client();
      await client.signIn(player.email, FACTORY_PASSWORD);
      const files = withFile ? [{ name: "n.txt", bytes: Buffer.alloc(200_000, 0x61), type: "text/plain" }] : [];
      const before = storedFiles(server.store).length;
      const answers = await Promise.all(
        Array.from({ length: 15 }, () =>
          client.post("/api/tickets/submit-member-ticket", form(memberTicketFields(world), files)),
        ),
      );
      const filed = await server.store.db.selectFrom("tickets").select("id").where("user_id", "=", player.id).execute();
      expect(answers.filter((a) => a.status === 200)).toHaveLength(filed.length);
      expect(filed.length).toBeLessThanOrEqual(3);
      expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
      expect(storedFiles(server.store).length - before).toBe(withFile ? filed.length : 0);
    }
  });
});
