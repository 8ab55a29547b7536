import { describe, expect, it } from "vitest";
import { clientMessageId } from "../../../../common/schemas/chat.ts";
import { newClientId, PendingSend } from "./pendingSend.ts";

const draft = (text: string, files: { name: string; size: number }[] = []) => ({ text, replyToId: null, files });

describe("the id of a chat send", () => {
  it("stays the same while an unsent draft is sent again, and changes once it was sent", () => {
    const pending = new PendingSend();
    const first = pending.idFor(draft("hello"));
    expect(pending.idFor(draft("hello"))).toBe(first);
    pending.sent();
    expect(pending.idFor(draft("hello"))).not.toBe(first);
  });

  it("changes with the draft: another text, another quote, other files", () => {
    const pending = new PendingSend();
    const ids = new Set([
      pending.idFor(draft("hello")),
      pending.idFor(draft("hello!")),
      pending.idFor({ text: "hello!", replyToId: 4, files: [] }),
      pending.idFor(draft("hello!", [{ name: "a.png", size: 10 }])),
    ]);
    expect(ids.size).toBe(4);
  });

  it("is what the server accepts as a client_id", () => {
    for (let i = 0; i < 20; i++) expect(clientMessageId.parse(newClientId())).toMatch(/^[0-9a-f]{32}$/);
  });
});
