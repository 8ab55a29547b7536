/** The transition table of spec/2-staff-ticket-work.md §4, read as the spec states it. */
import { describe, expect, it } from "vitest";
import { TICKET_STATUSES } from "../../common/constants.ts";
import { canApply, leavesHold, nextStatus, startStatuses, statusAfterMessage, TRANSITIONS } from "./ticketStatus.ts";

describe("ticket transitions", () => {
  it("a staff reply answers any open ticket; an ended one takes no message", () => {
    for (const s of ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED"] as const)
      expect(statusAfterMessage(s, "dev")).toBe("REPLIED");
    expect(canApply("staffReply", "CLOSED")).toBe(false);
    expect(canApply("playerReply", "RESOLVED")).toBe(false);
  });

  it("a player's message hands a REPLIED ticket back to staff and leaves other open statuses", () => {
    expect(nextStatus("playerReply", "REPLIED")).toBe("WAITING DEV");
    expect(nextStatus("playerReply", "ON HOLD")).toBe("ON HOLD");
    expect(nextStatus("playerReply", "NEW TICKET")).toBe("NEW TICKET");
  });

  it("hold: not when resolved, closed or already on hold", () => {
    expect(startStatuses("hold").sort()).toEqual(["NEW TICKET", "REPLIED", "WAITING DEV"]);
    for (const s of startStatuses("hold")) expect(nextStatus("hold", s)).toBe("ON HOLD");
  });

  it("reopen: only ended tickets; WAITING DEV, or REPLIED when done for a reply", () => {
    expect(startStatuses("reopen").sort()).toEqual(["CLOSED", "RESOLVED"]);
    expect(nextStatus("reopen", "CLOSED")).toBe("WAITING DEV");
    expect(nextStatus("reopenForReply", "RESOLVED")).toBe("REPLIED");
  });

  it("resolve and close from every open status; assign keeps the status; the member resolves only after an answer", () => {
    for (const s of TICKET_STATUSES) {
      const open = !["RESOLVED", "CLOSED"].includes(s);
      expect(nextStatus("resolve", s)).toBe(open ? "RESOLVED" : null);
      expect(nextStatus("close", s)).toBe(open ? "CLOSED" : null);
      expect(nextStatus("assign", s)).toBe(open ? s : null);
    }
    expect(canApply("memberResolve", "NEW TICKET")).toBe(false);
    expect(nextStatus("memberResolve", "REPLIED")).toBe("RESOLVED");
  });

  it("auto-close takes only tickets waiting on the player", () => {
    expect(TRANSITIONS.autoClose).toEqual({ REPLIED: "CLOSED" });
  });

  it("a hold's wake-up hands the ticket back to staff; the actions that end a hold say so", () => {
    expect(TRANSITIONS.wakeUp).toEqual({ "ON HOLD": "WAITING DEV" });
    for (const action of ["wakeUp", "staffReply", "resolve", "close", "memberResolve"] as const)
      expect(leavesHold(action)).toBe(true);
    for (const action of ["hold", "playerReply", "assign", "reopen", "autoClose"] as const)
      expect(leavesHold(action)).toBe(false);
  });
});
