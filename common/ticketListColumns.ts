/**
 * The columns of the staff ticket list that a staff member may show or hide (the ticket link is
 * always shown), stored per user in their preferences (docs/decisions/views.md). The default set
 * fits a 1280 px screen with the sidebar; priority, e-mail, character, server and created are a
 * choice.
 */
export const TICKET_LIST_COLUMNS = [
  "in_chats",
  "member",
  "subject",
  "character",
  "email",
  "server",
  "category",
  "status",
  "priority",
  "last_updated",
  "created",
  "assigned_to",
] as const;
export type TicketListColumn = (typeof TICKET_LIST_COLUMNS)[number];

export const DEFAULT_TICKET_LIST_COLUMNS: readonly TicketListColumn[] = [
  "in_chats",
  "member",
  "subject",
  "category",
  "status",
  "last_updated",
  "assigned_to",
];
