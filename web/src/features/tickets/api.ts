/**
 * Player-side ticket calls (spec/1-product-frame.md §7) and the setup lists the ticket forms need. The shapes are
 * the server's player presenters: nothing staff-only ever arrives here.
 */
import { useQuery } from "@tanstack/react-query";
import type { Character, Member } from "../../../../common/schemas/accountResponses.ts";
import type { FilingStatus } from "../../../../common/schemas/filing.ts";
import type { Category, GameServer } from "../../../../common/schemas/setupResponses.ts";
import type { PlayerTicket } from "../../../../common/schemas/ticketResponses.ts";
import { api, type RouteOutput } from "../../api/client.ts";

export type { Category, Character, FilingStatus, GameServer, Member, PlayerTicket };
export type TicketHistoryPage = RouteOutput<"memberTicketHistory">;

export const ticketKeys = {
  ticket: (ticketId: number) => ["player-ticket", ticketId] as const,
  history: (page: number, size: number | undefined) => ["member-ticket-history", page, size ?? "saved"] as const,
};

export function useCategories() {
  return useQuery({
    queryKey: ["setup", "categories"],
    queryFn: async () => (await api.call("fetchCategories")).categories,
    staleTime: 5 * 60_000,
  });
}

/** Whether the member may file now: read fresh each time the create page opens. */
export function useFilingStatus() {
  return useQuery({
    queryKey: ["member-filing-status"],
    queryFn: async () => (await api.call("filingStatus")).filing,
    staleTime: 0,
  });
}

export function useServers() {
  return useQuery({
    queryKey: ["setup", "servers"],
    queryFn: async () => (await api.call("fetchServers")).servers,
    staleTime: 5 * 60_000,
  });
}

export function useMember() {
  return useQuery({
    queryKey: ["member"],
    queryFn: async () => (await api.call("getMember")).member,
  });
}

export async function fetchPlayerTicket(ticketId: number): Promise<PlayerTicket> {
  return (await api.call("fetchMemberTicket", { ticket_id: ticketId })).ticket;
}

export function usePlayerTicket(ticketId: number | null, enabled = true) {
  return useQuery({
    queryKey: ticketKeys.ticket(ticketId ?? 0),
    queryFn: () => fetchPlayerTicket(ticketId ?? 0),
    enabled: enabled && ticketId !== null,
    retry: false,
  });
}

export async function fetchTicketHistory(page: number, size: number | undefined): Promise<TicketHistoryPage> {
  return api.call("memberTicketHistory", { page, entries_per_page: size });
}

export async function completeTicket(ticketId: number): Promise<PlayerTicket> {
  return (await api.call("submitTicketCompleteMember", { ticket_id: ticketId })).ticket;
}

export interface TicketFields {
  category: number;
  server: number;
  violatersName: string;
  subject: string;
  description: string;
  captchaToken: string;
}

function ticketForm(fields: Record<string, string | number>, files: File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  for (const file of files) form.append("files", file, file.name);
  return form;
}

export async function submitMemberTicket(fields: TicketFields & { characterName: string }, files: File[]) {
  return api.call("submitMemberTicket", ticketForm({ ...fields }, files));
}

export async function submitTemporaryTicket(fields: TicketFields & { email: string; name: string }, files: File[]) {
  return api.call("submitTemporaryTicket", ticketForm({ ...fields }, files));
}

/**
 * Opens a temporary session for one ticket (spec/1-product-frame.md §4 Temporary user access). `reference` is the
 * ticket number as shown ("#1795442351" or without the "#") or the ticket id.
 */
export async function searchTicketTemporary(reference: number | string, email: string) {
  const form = new FormData();
  form.append("ticket_id", String(reference));
  form.append("email", email);
  return api.call("searchTicketTemporary", form);
}
