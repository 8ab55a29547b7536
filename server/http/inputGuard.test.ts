/**
 * Input rules every route and socket event keeps: text with a NUL character (PostgreSQL cannot
 * store one: such a chat message answered 500 there) and absurd nesting (a deeply nested JSON
 * array overflowed the form reader's stack) are refused with 422 before any handler, and nothing
 * is written.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck, type TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { inputIssue, MAX_INPUT_DEPTH } from "./inputGuard.ts";

describe("inputIssue", () => {
  it("finds a NUL in a value or a key, and nesting past the limit, without recursion", () => {
    expect(inputIssue({ a: ["x", { b: "ok" }] }, "body")).toBeNull();
    expect(inputIssue({ a: ["x", { b: "n\u0000" }] }, "body")).toMatchObject({
      loc: ["body", "a", 1, "b"],
      type: "nul",
    });
    expect(inputIssue({ "k\u0000": 1 }, "body")).toMatchObject({ type: "nul" });
    let deep: unknown = "leaf";
    for (let i = 0; i < MAX_INPUT_DEPTH + 1; i++) deep = [deep];
    expect(inputIssue({ a: deep }, "body")).toMatchObject({ type: "too_deep" });
    let hostile: unknown = [];
    for (let i = 0; i < 200_000; i++) hostile = [hostile];
    expect(inputIssue(hostile, "body")).toMatchObject({ type: "too_deep" });
  });
});

describe.each(ENGINES)("input rules on %s", (engine) => {
  let player: TestClient;
  let chatId: string;
  const server = useTestServer(engine);
  beforeAll(async () => {
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member });
    chatId = encodeChatId(ticket.id);
    player = server.client();
    await player.signIn(member.email, FACTORY_PASSWORD);
  });

  async function messageCount(): Promise<number> {
    const row = await server.store.db
      .selectFrom("chat_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("refuses a NUL in a chat message sent as JSON, form or multipart, and over the socket", async () => {
    const before = await messageCount();
    const text = "before\u0000after";
    const json = await player.post("/api/new-chat-message", { chatId, message: text });
    expect(json.status).toBe(422);
    expect(json.body.detail).toEqual([expect.objectContaining({ type: "nul" })]);
    expect((await player.post("/api/new-chat-message", new URLSearchParams({ chatId, message: text }))).status).toBe(
      422,
    );
    const form = new FormData();
    form.set("chatId", chatId);
    form.set("message", text);
    expect((await player.post("/api/new-chat-message", form)).status).toBe(422);
    const socket = player.socket();
    await connected(socket);
    const ack = await emitWithAck(socket, "send_message", { messageObj: { chatId, message: text } });
    expect(ack).toEqual({ ok: false, error: "validation" });
    socket.close();
    expect(await messageCount()).toBe(before);
    // The same message without the NUL goes through: the rule is about the character only.
    expect((await player.post("/api/new-chat-message", { chatId, message: "before after" })).status).toBe(200);
  });

  it("refuses a NUL in a query string or a path parameter", async () => {
    expect((await player.get("/api/config/public?x=%00")).status).toBe(422);
    expect((await player.get("/download/abc%00.png")).status).toBe(422);
  });

  it("refuses a deeply nested JSON body with 422 and detail", async () => {
    const body = `{"chatId":"${chatId}","fileUrls":${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
    const response = await fetch(`${server.baseUrl}/api/new-chat-message`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: player.cookieHeader(), "x-csrf-token": player.csrf! },
      body,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: "validation", detail: [{ type: "too_deep" }] });
  });

  it("reads a JSON reply_to object as the multipart form's JSON text", async () => {
    const first = await player.post("/api/new-chat-message", { chatId, message: "Quote me" });
    const id = (first.body.message as { id: number }).id;
    const reply = await player.post("/api/new-chat-message", { chatId, message: "Quoting", reply_to: { id } });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatchObject({ reply_to: { id, message: "Quote me" } });
  });
});
