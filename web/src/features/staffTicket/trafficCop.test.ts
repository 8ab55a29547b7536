import { describe, expect, it } from "vitest";
import { changesSince, replyBaseline } from "./trafficCop.ts";

const line = (id: number, sender_id: number | null, sender_name: string, type = "message", deleted = false) => ({
  id,
  sender_id,
  sender_name,
  type,
  deleted,
});

describe("the traffic cop", () => {
  const lines = [line(1, 50, "Player"), line(2, 7, "Mod")];
  const baseline = replyBaseline({ status: "WAITING DEV", assignedTo: 7 }, lines);

  it("starts from the newest line the page had", () => {
    expect(baseline).toEqual({ status: "WAITING DEV", assignedTo: 7, lastMessageId: 2 });
    expect(replyBaseline({ status: "NEW TICKET", assignedTo: null }, []).lastMessageId).toBe(0);
  });

  it("finds nothing when nothing changed, or only the caller wrote", () => {
    expect(changesSince(baseline, { status: "WAITING DEV", assignedTo: 7 }, lines, 7)).toBeNull();
    expect(
      changesSince(baseline, { status: "WAITING DEV", assignedTo: 7 }, [...lines, line(3, 7, "Mod")], 7),
    ).toBeNull();
  });

  it("names each new sender once, and leaves out system and deleted lines", () => {
    const later = [
      ...lines,
      line(3, 50, "Player"),
      line(4, 9, "Admin"),
      line(5, 50, "Player"),
      line(6, 9, "Admin", "assignment"),
      line(7, 11, "Dev", "message", true),
    ];
    expect(changesSince(baseline, { status: "WAITING DEV", assignedTo: 7 }, later, 7)).toEqual({
      senders: ["Player", "Admin"],
      status: null,
      assignee: null,
    });
  });

  it("reports a status change and a new assignee", () => {
    expect(changesSince(baseline, { status: "ON HOLD", assignedTo: null }, lines, 7)).toEqual({
      senders: [],
      status: { from: "WAITING DEV", to: "ON HOLD" },
      assignee: { from: 7, to: null },
    });
  });
});
