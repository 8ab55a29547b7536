/**
 * What a list row shows for the ids a ticket holds (server, category, priority, assignee), from
 * the setup and staff lists: the table and the phone's cards read the same names.
 */
import type { PriorityLevel } from "../../../../common/schemas/setupResponses.ts";
import type { StaffEntry } from "../../../../common/schemas/ticketSearch.ts";
import type { Category, GameServer } from "../tickets/api.ts";
import { categoryTitle } from "../tickets/ticketDisplay.ts";
import type { ListTicket } from "./api.ts";

export interface Lookups {
  categories: Category[];
  servers: GameServer[];
  priorities: PriorityLevel[];
  /** Everyone a ticket may be assigned to: the answer's users, then the staff list. */
  staff: Map<number, StaffEntry>;
}

export function ticketLabels({ categories, servers, priorities, staff }: Lookups) {
  return {
    server: (ticket: ListTicket) => servers.find((s) => s.id === ticket.server)?.title ?? "UNK",
    category: (ticket: ListTicket, language: string) =>
      categoryTitle(
        categories.find((c) => c.id === ticket.category),
        language,
      ),
    priority: (ticket: ListTicket) => priorities.find((p) => p.id === ticket.priority)?.title ?? "UNK",
    assignee: (ticket: ListTicket) => (ticket.assignedTo === null ? undefined : staff.get(ticket.assignedTo)),
  };
}
