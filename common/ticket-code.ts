/**
 * ticket_info and fetch_code (spec 1 §2, spec 2 §2): base64-encoded JSON. They only address a
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
