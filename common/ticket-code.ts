/**
 * ticket_info and fetch_code (spec/1-product-frame.md §2, spec/2-staff-ticket-work.md §2): base64-encoded JSON. They only address a
 * ticket in a URL; the server never uses them to decide who may see it.
 */

export interface TicketInfo {
  ticketId: number;
  email: string;
  ticketNumber?: number;
}
export interface FetchCode {
  ticketId: number;
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(code: string): string {
  const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function encodeTicketInfo(info: TicketInfo): string {
  return encodeURIComponent(toBase64(JSON.stringify(info)));
}

export function encodeFetchCode(code: FetchCode): string {
  return encodeURIComponent(toBase64(JSON.stringify(code)));
}

function decode(code: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(fromBase64(decodeURIComponent(code)));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function decodeTicketInfo(code: string): TicketInfo | null {
  const value = decode(code);
  if (!value || !Number.isSafeInteger(value.ticketId) || typeof value.email !== "string") return null;
  const info: TicketInfo = { ticketId: value.ticketId as number, email: value.email };
  if (Number.isSafeInteger(value.ticketNumber)) info.ticketNumber = value.ticketNumber as number;
  return info;
}

export function decodeFetchCode(code: string): FetchCode | null {
  const value = decode(code);
  if (!value || !Number.isSafeInteger(value.ticketId)) return null;
  return { ticketId: value.ticketId as number };
}

/**
 * A ticket's chat id, `chat-{ticketId}`: distinct from user ids, so that join_chatroom can tell a
 * chat room from the user's own room (whose room_id is the user id).
 */
export function encodeChatId(ticketId: number): string {
  return `chat-${ticketId}`;
}

/** Ticket ids are 32-bit serials: a larger one names no ticket (and PostgreSQL refuses to compare it). */
const MAX_TICKET_ID = 2_147_483_647;

/** The ticket id of a chat id; a bare number is accepted too. */
export function decodeChatId(value: unknown): number | null {
  const id =
    typeof value === "number"
      ? value
      : typeof value === "string"
        ? Number(/^(?:chat-)?(\d{1,10})$/.exec(value.trim())?.[1] ?? Number.NaN)
        : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_TICKET_ID ? id : null;
}
