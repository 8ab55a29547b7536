/**
 * The staff member's sidebar chat list (spec/2-staff-ticket-work.md §2, §7): active chats and pins. Notifications
 * are here too: both live in the staff header and sidebar.
 */
import { z } from "zod";
import { staffTicket } from "./ticketResponses.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");
/** ticket_ids arrives repeated in a form (one or many) or as a JSON array. */
const idList = z
  .union([id, z.array(id)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.number()).min(1).max(500));

export const addTicketToChatBody = z.object({ ticket_id: id });
export const addTicketsToChatBody = z.object({ ticket_ids: idList });
export const removeTicketFromChatBody = addTicketToChatBody;
/** Bulk removal also carries userId (spec/2-staff-ticket-work.md §7); the server uses the session's user, not it. */
export const removeTicketsFromChatBody = addTicketsToChatBody.extend({ userId: id.optional() });
export const isPinnedTicketBody = z.object({ id });
export const pinTicketBody = z.object({ id, pinned: flag });
/** Mark unread: the chat shows as unread in the caller's list until they open the ticket again. */
export const markChatUnreadBody = z.object({ ticket_id: id });

/** A chat list row: the staff ticket with the row's pin (spec/2-staff-ticket-work.md §3 "Ticket list row"). */
export const chatTicket = staffTicket.extend({ pinned: z.boolean() });
export type ChatTicket = z.infer<typeof chatTicket>;

export const activeChatIdsResponse = z.object({ active_chat_ids: z.array(z.number().int()) });
export type ActiveChatIdsResponse = z.infer<typeof activeChatIdsResponse>;
export const activeChatsResponse = z.object({ tickets: z.array(chatTicket) });
export type ActiveChatsResponse = z.infer<typeof activeChatsResponse>;
export const isPinnedResponse = z.object({ pinned: z.boolean() });

/** hold_expired: a hold's wake-up time came and the ticket went back to its assignee (docs/decisions/tickets.md). */
export const NOTIFICATION_TYPES = ["assignment", "new_message", "tag", "hold_expired"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification as its owner sees it (spec/2-staff-ticket-work.md §3). */
export const notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The ticket's ticket_info, for the link to /admin/{ticket_info}/edit. */
  ticket_code: z.string(),
  ticket_id: z.number().int(),
  ticket_created_at: z.number().int(),
  /** Who caused it (the assigning user, the writer, the tagger), or null. */
  by: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  /** The ticket's subject, so the notification says which conversation it is about. */
  subject: z.string(),
  /** The player's name on the ticket. */
  player_name: z.string(),
  /** The name of the person who acted, or null when no person did (the system, a sweep). */
  actor_name: z.string().nullable(),
  timestamp: z.number().int(),
  expires: z.number().int(),
  seen: z.boolean(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;
export type { StaffEntry } from "./ticketSearch.ts";

/**
 * get-notifications (spec/2-staff-ticket-work.md §7): the newest `n_first` (30 in the dropdown, 500 on the page),
 * optionally only unread ones and one type. `type` "all" or absent means every type.
 */
export const getNotificationsBody = z.object({
  n_first: z.coerce.number().int().min(1).max(500).default(30),
  unread_only: flag.default(false),
  type: z.enum([...NOTIFICATION_TYPES, "all"]).optional(),
});
export type GetNotificationsBody = z.input<typeof getNotificationsBody>;
/** `unread` and `total` are the caller's counters over every type (the page's header). */
export const notificationsResponse = z.object({
  notifications: z.array(notification),
  unread: z.number().int(),
  total: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
/** mark-all-read (path chosen by us, docs/decisions/chat-list-and-notifications.md): how many turned read, and the new count. */
export const markAllReadResponse = z.object({ marked: z.number().int(), unread: z.number().int() });
export type MarkAllReadResponse = z.infer<typeof markAllReadResponse>;
/** add/remove answers: the list's ids after the change (spec: "not shown"). */
export const chatListChangeResponse = activeChatIdsResponse;
export const pinTicketResponse = z.object({ id: z.number().int(), pinned: z.boolean() });

/** socket get_number_of_notifications {} */
export const getNumberOfNotificationsPayload = z.object({});
/** socket get_unread_messages {user_id}: the caller's own id; any other is refused. */
export const getUnreadMessagesPayload = z.object({ user_id: id });

/** Unread info per ticket of the caller's list (spec/2-staff-ticket-work.md §3), keyed by room_id (`chat-{id}`). */
export const unreadChat = z.object({
  room_id: z.string(),
  ticket_id: z.number().int(),
  /** The player's messages no staff member has read yet (the read flag behind the read ticks). */
  n_unread_chat: z.number().int(),
  /** Notes by other staff members not yet read (a staff visit of the ticket reads them). */
  n_unread_notes: z.number().int(),
  /** An unread `tag` notification for the caller exists on the ticket. */
  tagged: z.boolean(),
  /** The caller marked the chat unread ("Mark unread"); their next visit of the ticket clears it. */
  marked_unread: z.boolean(),
});
export type UnreadChat = z.infer<typeof unreadChat>;
/** mark-chat-unread: the chat's unread info for the caller after the change. */
export const unreadChatResponse = z.object({ unread_chat: unreadChat });
export type UnreadChats = Record<string, UnreadChat>;
