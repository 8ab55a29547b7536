import { describe, expect, it } from "vitest";
import type { QuickReply } from "./notes/api.ts";
import { filterQuickReplies, slashQuery } from "./quickReplies.ts";

const reply = (id: number, title: string, message: string): QuickReply => ({ id, title, message, categories: [] });
const REPLIES = [
  reply(1, "Greeting", "Hello, thank you for contacting support."),
  reply(2, "Ban appeal", "Your appeal was forwarded to the team."),
  reply(3, "Refund", "Refunds take five working days."),
];

describe("quick replies filter", () => {
  it("keeps every reply for no words", () => {
    expect(filterQuickReplies(REPLIES, "  ").map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it("keeps the replies whose title or text holds every word, in any case", () => {
    expect(filterQuickReplies(REPLIES, "GREET").map((r) => r.id)).toEqual([1]);
    expect(filterQuickReplies(REPLIES, "appeal team").map((r) => r.id)).toEqual([2]);
    expect(filterQuickReplies(REPLIES, "appeal refund")).toEqual([]);
    expect(filterQuickReplies(REPLIES, "days").map((r) => r.id)).toEqual([3]);
  });
});

describe("the / of quick replies in the reply box", () => {
  it("opens on a / at the start of the text or of a line", () => {
    expect(slashQuery("/", 1)).toEqual({ start: 0, query: "" });
    expect(slashQuery("/greet", 6)).toEqual({ start: 0, query: "greet" });
    expect(slashQuery("Hi\n/ban ap", 10)).toEqual({ start: 3, query: "ban ap" });
  });

  it("reads only up to the caret", () => {
    expect(slashQuery("/greet and more", 4)).toEqual({ start: 0, query: "gre" });
    expect(slashQuery("/greet\nnext line", 16)).toBeNull();
  });

  it("is text inside a line, in a path, or once the query is long", () => {
    expect(slashQuery("see a/b", 7)).toBeNull();
    expect(slashQuery("/usr/bin", 8)).toBeNull();
    expect(slashQuery(`/${"x".repeat(61)}`, 62)).toBeNull();
    expect(slashQuery("", 0)).toBeNull();
  });
});
