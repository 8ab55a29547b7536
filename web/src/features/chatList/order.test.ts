import { describe, expect, it } from "vitest";
import type { UnreadChat } from "../../../../common/schemas/chatList.ts";
import { applyTicketPing, type ChatRow, visibleChats } from "./order.ts";

function row(id: number, values: Partial<ChatRow> = {}): ChatRow {
  return {
    id,
    ticket_id: id,
    fetch_code: "",
    chat_id: `chat-${id}`,
    category: 1,
    server: 1,
    characterName: `Hero${id}`,
    violatersName: "",
    subject: `Subject ${id}`,
    description: "",
    status: "REPLIED",
    createdAt: 1_700_000_000 + id,
    lastUpdated: 1_700_000_000,
    email: `p${id}@example.test`,
    name: `Player ${id}`,
    user_id: 1,
    attachments: [],
    ticket_type: "member",
    type: "normal",
    priority: 1,
    assignedTo: 7,
    banned: false,
    ip_origin: "",
    resolved_by: null,
    closed_by: null,
    excuse: null,
    clean: false,
    retain_attachments: false,
    hold_until: null,
    abilities: {
      act: false,
      edit: false,
      assign: false,
      assign_self: false,
      choose_employee: false,
      hold: false,
      complete: false,
      excuse_required: false,
      reopen: false,
      ban: false,
      unban: false,
      categories: [],
      refusals: {},
    },
    pinned: false,
    ...values,
  };
}

const none = { search: "", hidePinned: false, onlyPinned: false, onlyUnread: false };

describe("chat list order and filters", () => {
  const rows = [
    row(1, { status: "CLOSED", lastUpdated: 500 }),
    row(2, { status: "NEW TICKET", lastUpdated: 100 }),
    row(3, { status: "REPLIED", lastUpdated: 300 }),
    row(4, { status: "REPLIED", lastUpdated: 400 }),
    row(5, { status: "RESOLVED", pinned: true, lastUpdated: 1 }),
    row(6, { status: "WAITING DEV", lastUpdated: 50 }),
    row(7, { status: "ON HOLD", lastUpdated: 60 }),
  ];

  it("puts pinned first, then the status order, then the most recently updated", () => {
    expect(visibleChats(rows, none, {}).map((r) => r.id)).toEqual([5, 2, 6, 7, 4, 3, 1]);
  });

  it("hides or only shows pinned chats, only unread ones, and searches", () => {
    expect(visibleChats(rows, { ...none, hidePinned: true }, {}).map((r) => r.id)).not.toContain(5);
    expect(visibleChats(rows, { ...none, onlyPinned: true }, {}).map((r) => r.id)).toEqual([5]);
    const unread: Record<string, UnreadChat> = {
      "chat-3": {
        room_id: "chat-3",
        ticket_id: 3,
        n_unread_chat: 1,
        n_unread_notes: 0,
        tagged: false,
        marked_unread: false,
      },
      "chat-4": {
        room_id: "chat-4",
        ticket_id: 4,
        n_unread_chat: 0,
        n_unread_notes: 0,
        tagged: false,
        marked_unread: false,
      },
      "chat-1": {
        room_id: "chat-1",
        ticket_id: 1,
        n_unread_chat: 0,
        n_unread_notes: 0,
        tagged: true,
        marked_unread: false,
      },
    };
    expect(visibleChats(rows, { ...none, onlyUnread: true }, unread).map((r) => r.id)).toEqual([3, 1]);
    expect(visibleChats(rows, { ...none, search: "hero6" }, {}).map((r) => r.id)).toEqual([6]);
    expect(visibleChats(rows, { ...none, search: "P2@EXAMPLE" }, {}).map((r) => r.id)).toEqual([2]);
  });

  it("applies a ticket ping: null keeps the old value, a null assignee clears it", () => {
    const base = row(9, { status: "REPLIED", priority: 2, assignedTo: 7 });
    const next = applyTicketPing(base, {
      ticket_id: 9,
      lastUpdated: 999,
      category: null,
      status: "ON HOLD",
      priority: null,
      banned: null,
      assignedTo: null,
    });
    expect(next).toMatchObject({ lastUpdated: 999, status: "ON HOLD", priority: 2, assignedTo: null, category: 1 });
    expect(applyTicketPing(base, { ticket_id: 9, lastUpdated: 5 }).assignedTo).toBe(7);
  });
});
