/**
 * What a node announced: every domain event in the order it was published, for use-case tests that
 * check what a call announces (and that a refused call announces nothing). Events are kept by the
 * tickets they name, so tests sharing one node read only their own.
 */
import type { DomainEvents, EventBus } from "../events.ts";

const NAMES = [
  "message.created",
  "ticket.updated",
  "ticket.created",
  "messages.read",
  "ticket.assigned",
  "message.edited",
  "message.deleted",
  "notification.created",
  "note.created",
  "note.edited",
  "note.deleted",
  "chatList.added",
  "chatList.removed",
  "chatList.pinned",
  "notifications.allRead",
] as const satisfies readonly (keyof DomainEvents)[];

type Entry = { [K in keyof DomainEvents]: { name: K; event: DomainEvents[K] } }[keyof DomainEvents];

function ticketIdsOf(entry: Entry): number[] {
  const event = entry.event;
  if ("ticket" in event) return [event.ticket.id];
  if ("tickets" in event) return event.tickets.map((t) => t.id);
  if ("ticketIds" in event) return event.ticketIds;
  if ("ticketId" in event) return [event.ticketId];
  return [];
}

export interface EventLog {
  /** The events that name this ticket, in order. */
  of(ticketId: number): Entry[];
  /** Their names only. */
  namesOf(ticketId: number): (keyof DomainEvents)[];
}

export function recordEvents(bus: EventBus): EventLog {
  const entries: Entry[] = [];
  for (const name of NAMES) bus.on(name, (event) => entries.push({ name, event } as Entry));
  const of = (ticketId: number) => entries.filter((entry) => ticketIdsOf(entry).includes(ticketId));
  return { of, namesOf: (ticketId) => of(ticketId).map((entry) => entry.name) };
}
