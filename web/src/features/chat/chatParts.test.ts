import { describe, expect, it } from "vitest";
import { CHAT_UI } from "../../../../common/chatConstants.ts";
import type { StaffMessage } from "../../../../common/schemas/chatResponses.ts";
import { systemLineKey } from "../staffChat/StaffSystemLine.tsx";
import { followChange } from "./api.ts";
import { clampZoom } from "./ImageViewer.tsx";
import { swipeOffset } from "./useSwipeToReply.ts";

describe("image viewer zoom (spec/2-staff-ticket-work.md §9: 1.2 to 5, step 0.1, default 2)", () => {
  it("stays in range and on the step", () => {
    expect(CHAT_UI.zoomDefault).toBe(2);
    expect(clampZoom(0.5)).toBe(1.2);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(2 + 0.1)).toBe(2.1);
    expect(clampZoom(1.2 + 0.1 + 0.1)).toBe(1.4);
  });
});

describe("swipe to reply (40 px icon, > 100 px replies, capped at 120 px)", () => {
  it("follows the text direction and stops at the cap", () => {
    expect(swipeOffset(60, false)).toBe(60);
    expect(swipeOffset(-60, false)).toBe(0);
    expect(swipeOffset(-60, true)).toBe(60);
    expect(swipeOffset(500, false)).toBe(CHAT_UI.swipeMaxPx);
  });
});

describe("quotes follow the quoted message", () => {
  const quoting = { id: 2, reply_to: { id: 1, sender_name: "GM", message: "old" } };
  const other = { id: 3, reply_to: null };
  it("takes an edit's text and a delete's blank", () => {
    expect(followChange([quoting, other], { id: 1, message: "new", deleted: false })[0]!.reply_to).toEqual({
      id: 1,
      sender_name: "GM",
      message: "new",
    });
    expect(followChange([quoting], { id: 1, message: "", deleted: true })[0]!.reply_to).toEqual({
      id: 1,
      sender_name: "GM",
      message: "",
      deleted: true,
    });
    expect(followChange([other], { id: 1, message: "x", deleted: true })).toEqual([other]);
  });
});

describe("system line keys", () => {
  const line = (values: Partial<StaffMessage>) => systemLineKey(values as StaffMessage);
  it("names each kind, including unassignment, close and unban", () => {
    expect(line({ type: "assignment", to_user: 4 })).toBe("chat.system.assignment");
    expect(line({ type: "assignment", to_user: null })).toBe("chat.system.unassigned");
    expect(line({ type: "completion", completedStatus: "CLOSED" })).toBe("chat.system.completion_closed");
    expect(line({ type: "completion", completedStatus: "RESOLVED" })).toBe("chat.system.completion_resolved");
    expect(line({ type: "ban_message", banned: false })).toBe("chat.system.unbanned");
    expect(line({ type: "ban_message", banned: true })).toBe("chat.system.banned");
    expect(line({ type: "reopened" })).toBe("chat.system.reopened");
  });
});
