/**
 * Every presenter's output fits its response schema exactly: no key the schema would have to
 * strip (a presenter producing what its audience may not see is a bug even if the serializer
 * hides it), and nothing the serializer would refuse (fastify-type-provider-zod answers a
 * serializer failure with a 500). Edge rows (deleted, malformed JSON, empty origin) included.
 */
import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { type ZodObject, z } from "zod";
import { TICKET_STATUSES } from "../../common/constants.ts";
import { member } from "../../common/schemas/accountResponses.ts";
import {
  CHAT_MESSAGE_TYPES,
  fetchChatResponse,
  newMessageResponse,
  PLAYER_MESSAGE_TYPES,
  playerChatUser,
  playerFetchChatResponse,
  playerMessage,
  STAFF_ONLY_MESSAGE_TYPES,
  staffChatUser,
  staffFetchChatResponse,
  staffMessage,
} from "../../common/schemas/chatResponses.ts";
import { announcement, category, faq, gameServer, priorityLevel } from "../../common/schemas/setupResponses.ts";
import {
  playerTicket,
  playerTicketPing,
  playerTicketResponse,
  staffTicket,
  staffTicketPing,
} from "../../common/schemas/ticketResponses.ts";
import type { ChatMessageRow, TicketRow } from "../db/schema.ts";
import { isVisibleTo } from "../policies/chatMessages.ts";
import { ticketAbilities } from "../policies/ticketAbilities.ts";
import { presentMember } from "./member.ts";
import {
  presentChatPage,
  presentMessageFor,
  presentPlayerChatUser,
  presentPlayerMessage,
  presentSentMessage,
  presentStaffChatUser,
  presentStaffMessage,
} from "./message.ts";
import { presentAnnouncement, presentCategory, presentFaq, presentPriority, presentServer } from "./setup.ts";
import { presentPlayerTicket, presentPlayerTicketPing, presentStaffTicket, presentStaffTicketPing } from "./ticket.ts";

/** The schema parses the value, and would not have had to drop any key of it (checked in depth). */
function fitsExactly(schema: z.ZodType, value: unknown): void {
  const parsed = schema.safeParse(value);
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues)).toBe(true);
  expect(parsed.data).toEqual(value);
}

/** What the route's serializer does with the value: it must not throw. */
function serialize(schema: z.ZodType, value: unknown): Record<string, unknown> {
  const write = serializerCompiler({ schema, method: "POST", url: "/test", httpStatus: "200" } as never) as (
    data: unknown,
  ) => string;
  return JSON.parse(write(value));
}

function ticketRow(overrides: Partial<TicketRow> = {}): TicketRow {
  return {
    id: 7,
    created_at: 1_700_000_000,
    last_updated: 1_700_000_100,
    user_id: 3,
    email: "player@example.test",
    name: "Player",
    category_id: 2,
    priority_id: 4,
    server_id: 5,
    status: "NEW TICKET",
    character_name: "Aragorn",
    violaters_name: null,
    subject: "Quest stuck",
    description: "It does not finish.",
    attachments: '["a.png","DELETED"]',
    assigned_to: 9,
    resolved_by: null,
    closed_by: null,
    excuse: null,
    clean: 0,
    retain_attachments: 0,
    ticket_type: "member",
    type: "normal",
    banned: 1,
    ip_origin: "203.0.113.9",
    last_message_at: null,
    last_message_from: null,
    last_message_by: null,
    first_reply_at: null,
    hold_until: null,
    ...overrides,
  };
}

function messageRow(overrides: Partial<ChatMessageRow> = {}): ChatMessageRow {
  return {
    id: 11,
    ticket_id: 7,
    type: "message",
    sender_id: 3,
    sender_name: "Player",
    message: "Hello",
    timestamp: 1_700_000_050,
    attachments: '["b.pdf"]',
    reply_to: null,
    edited: 0,
    read: 1,
    deleted: 0,
    ip_origin: "203.0.113.9",
    user_class: "user",
    from_user: null,
    to_user: null,
    prev_category: null,
    new_category: null,
    completed_status: null,
    banned: null,
    client_id: null,
    ...overrides,
  };
}

const STAFF_ONLY_TICKET_KEYS = [
  "priority",
  "assignedTo",
  "banned",
  "ip_origin",
  "resolved_by",
  "closed_by",
  "excuse",
  "abilities",
];
const employee = { id: 7, class: "dev", rank: "mod", type: "normal" } as const;
const abilities = (row: TicketRow) =>
  ticketAbilities(employee, row, { ownCategories: [1], categoryLive: true, self: undefined });
const STAFF_ONLY_MESSAGE_KEYS = ["read", "ip_origin", "from_user", "to_user", "prev_category", "new_category"];

const ticketRows: [string, TicketRow][] = [
  ["a plain ticket", ticketRow()],
  ["a temporary user's ticket with a violator", ticketRow({ type: "temp", ticket_type: "other", violaters_name: "X" })],
  ["a ticket with malformed attachments", ticketRow({ attachments: "{not json", ip_origin: "", assigned_to: null })],
  ["a closed ticket", ticketRow({ status: "CLOSED", closed_by: "AUTO", excuse: "x", clean: 1, banned: 0 })],
];

describe("ticket presenters", () => {
  it.each(ticketRows)("present %s in the player's shape, without staff fields", (_name, row) => {
    const view = presentPlayerTicket(row);
    fitsExactly(playerTicket, view);
    for (const key of STAFF_ONLY_TICKET_KEYS) expect(view).not.toHaveProperty(key);
    expect(serialize(playerTicketResponse, { ticket: view })).toEqual({ ticket: view });
  });

  it.each(ticketRows)("present %s in the staff shape, with the bookkeeping", (_name, row) => {
    const view = presentStaffTicket(row, abilities(row));
    fitsExactly(staffTicket, view);
    expect(view).toMatchObject({ priority: row.priority_id, assignedTo: row.assigned_to, banned: row.banned === 1 });
    expect(view.ip_origin).toBe(row.ip_origin || "NOT FOUND");
  });

  it.each(TICKET_STATUSES)("ping a %s ticket to each audience in its own shape", (status) => {
    const row = ticketRow({ status });
    const player = presentPlayerTicketPing(row);
    fitsExactly(playerTicketPing, player);
    expect(Object.keys(player).sort()).toEqual(["category", "lastUpdated", "status", "ticket_id"]);
    fitsExactly(staffTicketPing, presentStaffTicketPing(row));
  });

  it("the player's serializer drops staff fields even when handed a staff view", () => {
    const leaked = presentStaffTicket(ticketRow(), abilities(ticketRow()));
    const sent = serialize(playerTicketResponse, { ticket: leaked });
    for (const key of STAFF_ONLY_TICKET_KEYS) expect(sent.ticket).not.toHaveProperty(key);
  });
});

describe("message presenters", () => {
  const rows: [string, ChatMessageRow][] = CHAT_MESSAGE_TYPES.map((type) => [type, messageRow({ type })]);
  rows.push(
    ["a deleted message", messageRow({ deleted: 1, message: "gone", attachments: '["x.png"]' })],
    ["a message with malformed JSON", messageRow({ attachments: "nope", reply_to: "{bad" })],
    ["a quote of the wrong shape", messageRow({ reply_to: '{"id":"x","message":5}' })],
    ["a quote", messageRow({ reply_to: '{"id":3,"sender_name":"Mod","message":"Hi"}' })],
    ["a staff message without origin", messageRow({ user_class: "dev", ip_origin: "", read: 0 })],
    ["a ban message", messageRow({ type: "ban_message", banned: 1, to_user: 3 })],
    ["a completion", messageRow({ type: "completion", completed_status: "RESOLVED" })],
  );

  it.each(rows)("present %s to staff in the staff shape", (_name, row) => {
    const view = presentStaffMessage(row);
    fitsExactly(staffMessage, view);
    expect(view.ip_origin).toBe(row.ip_origin || "NOT FOUND");
  });

  it.each(rows)("present %s to its player only when visible, in the player's shape", (_name, row) => {
    const view = presentMessageFor(row, "owner");
    if ((STAFF_ONLY_MESSAGE_TYPES as readonly string[]).includes(row.type)) {
      expect(view).toBeNull();
      expect(isVisibleTo(row, "owner")).toBe(false);
      return;
    }
    fitsExactly(playerMessage, view);
    for (const key of STAFF_ONLY_MESSAGE_KEYS) expect(view).not.toHaveProperty(key);
    expect(presentMessageFor(row, null)).toBeNull();
  });

  it("a player's quote is never half-formed: a stored quote of the wrong shape is dropped", () => {
    const view = presentPlayerMessage(messageRow({ reply_to: '{"id":"x"}' }) as never);
    expect(view.reply_to).toBeNull();
  });

  it("a chat page for a player leaves out staff-only types and ranks, and serializes", () => {
    const page = presentChatPage(
      rows.map(([, row]) => row),
      [{ id: 9, name: "Mod", avatar: "", class: "dev", rank: "mod" }],
      "owner",
      false,
    );
    fitsExactly(playerFetchChatResponse, page);
    expect(page.chat.map((m) => m.type)).not.toContain("assignment");
    expect(page.chat.map((m) => m.type)).not.toContain("ban_message");
    const sent = serialize(fetchChatResponse, page) as { chat: object[]; users: object[] };
    for (const m of sent.chat) for (const key of STAFF_ONLY_MESSAGE_KEYS) expect(m).not.toHaveProperty(key);
    expect(sent.users[0]).not.toHaveProperty("rank");
  });

  it("a chat page for staff keeps everything, and serializes unchanged", () => {
    const page = presentChatPage(
      rows.map(([, row]) => row),
      [{ id: 9, name: "Mod", avatar: "", class: "dev", rank: "mod" }],
      "staff",
      true,
    );
    fitsExactly(staffFetchChatResponse, page);
    expect(serialize(fetchChatResponse, page)).toEqual(page);
  });

  it("an empty page serializes the same for both audiences", () => {
    for (const viewer of ["owner", "staff"] as const) {
      const page = presentChatPage([], [], viewer, false);
      expect(serialize(fetchChatResponse, page)).toEqual({ chat: [], users: [], has_more: false });
    }
  });

  it("a sent message answers in its sender's shape", () => {
    const staff = presentSentMessage(messageRow({ user_class: "dev" }), "staff");
    fitsExactly(z.object({ message: staffMessage }), staff);
    expect(serialize(newMessageResponse, staff)).toEqual(staff);
    const player = presentSentMessage(messageRow(), "owner");
    fitsExactly(z.object({ message: playerMessage }), player);
    expect(serialize(newMessageResponse, player)).toEqual(player);
  });

  it("chat users: players see that someone is staff, not their rank", () => {
    const user = { id: 9, name: "Mod", avatar: "abcd", class: "dev" as const, rank: "mod" as const };
    fitsExactly(playerChatUser, presentPlayerChatUser(user));
    fitsExactly(staffChatUser, presentStaffChatUser(user));
  });

  it("the player's message types are every type but the staff-only ones", () => {
    expect([...PLAYER_MESSAGE_TYPES, ...STAFF_ONLY_MESSAGE_TYPES].sort()).toEqual([...CHAT_MESSAGE_TYPES].sort());
  });
});

describe("account and setup presenters", () => {
  const user = {
    id: 3,
    class: "user" as const,
    type: "normal" as const,
    rank: "user" as const,
    name: "Player",
    email: "player@example.test",
    banned: 1,
    banned_until: -1,
  };
  const characters = [{ character_name: "Aragorn", character_level: 40, server_id: 5, server_title: "Europe 1" }];

  it("a member fits the member schema, banned or not", () => {
    fitsExactly(member, presentMember(user as never, characters, 1_700_000_000));
    fitsExactly(member, presentMember({ ...user, banned: 0 } as never, [], 1_700_000_000));
  });

  const cases: [string, ZodObject, unknown][] = [
    [
      "a category with broken locales",
      category,
      presentCategory({
        id: 1,
        title: "Out-of-game trade",
        value: 1,
        style: "",
        locales: "[1]",
        disabled: 0,
        has_violaters_form: 0,
        deleted: 0,
        deleted_at: null,
      }),
    ],
    [
      "a priority",
      priorityLevel,
      presentPriority({ id: 1, title: "Low", value: 1, style: "", is_default: 1, deleted: 0, deleted_at: null }),
    ],
    [
      "a server",
      gameServer,
      presentServer({ id: 1, title: "Asia", value: 2, style: "", deleted: 0, deleted_at: null }),
    ],
    ["a FAQ", faq, presentFaq({ id: 1, title: "t", message: "m", eng_title: "", eng_message: "", value: 1 })],
    ...[null, 1_800_000_000].map(
      (end) =>
        [
          `an announcement ending ${end}`,
          announcement,
          presentAnnouncement({
            id: 1,
            title: "t",
            message: "m",
            eng_title: "",
            eng_message: "",
            value: 1,
            start_date: 1_700_000_000,
            end_date: end,
            active: 1,
            created_at: 1,
            read: false,
          }),
        ] as [string, ZodObject, unknown],
    ),
  ];
  it.each(cases)("%s fits its schema", (_name, schema, value) => fitsExactly(schema, value));
});
