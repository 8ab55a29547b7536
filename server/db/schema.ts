/**
 * Row types of every table, as Kysely sees them. Booleans are 0/1 integers and times are epoch
 * seconds on both engines (see dialect.ts). Presenters turn rows into what callers may see.
 */
import type { ColumnType, Generated, Selectable } from "kysely";
import type { TicketStatus } from "../../common/constants.ts";

type Flag = ColumnType<number, number | undefined, number>;
type DefaultedText = ColumnType<string, string | undefined, string>;
type DefaultedNumber = ColumnType<number, number | undefined, number>;

// ---- identity (0001_identity) ----

export interface UsersTable {
  id: Generated<number>;
  class: "dev" | "user";
  type: ColumnType<"normal" | "temp", "normal" | "temp" | undefined, "normal" | "temp">;
  rank: "admin" | "mod" | "dev" | "user";
  name: string;
  email: string;
  password_hash: string | null;
  avatar: DefaultedText;
  language: DefaultedText;
  disabled: Flag;
  /** 0 = not disabled, -1 = indefinite, else epoch seconds when the disable ends. */
  disabled_until: DefaultedNumber;
  banned: Flag;
  /** 0 = not banned, -1 = indefinite, else epoch seconds when the ban ends. */
  banned_until: DefaultedNumber;
  deleted: Flag;
  created_at: number;
  updated_at: number;
  /** 1 while the account signs in with the password generated at the first start (0032_first_hour). */
  password_generated: Flag;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a database leak does not hand out live sessions. */
  id: string;
  user_id: number;
  kind: "user" | "temp";
  /** For a temporary session: the one ticket it may see. */
  ticket_id: number | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: DefaultedText;
  user_agent: DefaultedText;
}

export interface RankPermissionsTable {
  rank: string;
  permission: string;
}

export interface UserPermissionsTable {
  user_id: number;
  permission: string;
}

export interface UserPreferencesTable {
  user_id: number;
  redirect_after_ticket_complete: Flag;
  notification_sound_on: Flag;
  enable_desktop_notifications: Flag;
  remove_all_chats_button: Flag;
  ticket_history_page_size: DefaultedNumber;
  /** JSON list of the staff ticket list's chosen columns; NULL: the default ones (migration 0035). */
  ticket_list_columns: NullableText;
  updated_at: number;
}

export interface PasswordTokensTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface UsedCaptchaChallengesTable {
  signature: string;
  expires_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rank_permissions: RankPermissionsTable;
  user_permissions: UserPermissionsTable;
  user_preferences: UserPreferencesTable;
  password_tokens: PasswordTokensTable;
  used_captcha_challenges: UsedCaptchaChallengesTable;
  // setup (0002_setup)
  categories: CategoriesTable;
  priorities: PrioritiesTable;
  servers: ServersTable;
  user_categories: UserCategoriesTable;
  user_servers: UserServersTable;
  characters: CharactersTable;
  quick_replies: QuickRepliesTable;
  quick_reply_categories: QuickReplyCategoriesTable;
  fast_action_excuses: FastActionExcusesTable;
  app_settings: AppSettingsTable;
  // ticket work (0003_tickets)
  tickets: TicketsTable;
  chat_messages: ChatMessagesTable;
  notes: NotesTable;
  ban_logs: BanLogsTable;
  notifications: NotificationsTable;
  active_chats: ActiveChatsTable;
  // content (0004_content)
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  employee_announcements: EmployeeAnnouncementsTable;
  employee_announcement_reads: AnnouncementReadsTable;
  faqs: FaqsTable;
  changelogs: ChangelogsTable;
  todos: TodosTable;
  // uploads (0005_uploads)
  uploads: UploadsTable;
  // ticket numbers (0007_ticket_number)
  ticket_number: TicketNumberTable;
  // files to remove from the disk (0018_chatfold)
  upload_deletions: UploadDeletionsTable;
  // ticket counters (0020_ticket_counts)
  ticket_counts: TicketCountsTable;
  ticket_count_deltas: TicketCountDeltasTable;
  // finished statistic periods (0021_stats_periods)
  stats_periods: StatsPeriodsTable;
  // what invalidates them (0032_first_hour)
  stats_state: StatsStateTable;
}

// ---- setup (0002_setup) ----

type NullableEpoch = ColumnType<number | null, number | null | undefined, number | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type NullableId = ColumnType<number | null, number | null | undefined, number | null>;

export interface CategoriesTable {
  id: Generated<number>;
  title: string;
  /** Sort order. */
  value: DefaultedNumber;
  style: DefaultedText;
  /** JSON object: language code -> title (e.g. {"tr": "..."}). */
  locales: DefaultedText;
  disabled: Flag;
  has_violaters_form: Flag;
  /** Soft delete: deleted categories are listed apart and old tickets keep pointing at them. */
  deleted: Flag;
  deleted_at: NullableEpoch;
}

export interface PrioritiesTable {
  id: Generated<number>;
  title: string;
  value: DefaultedNumber;
  style: DefaultedText;
  is_default: Flag;
  deleted: Flag;
  deleted_at: NullableEpoch;
}

export interface ServersTable {
  id: Generated<number>;
  title: string;
  value: DefaultedNumber;
  style: DefaultedText;
  deleted: Flag;
  deleted_at: NullableEpoch;
}

export interface UserCategoriesTable {
  user_id: number;
  category_id: number;
}

export interface UserServersTable {
  user_id: number;
  server_id: number;
}

export interface CharactersTable {
  id: Generated<number>;
  user_id: number;
  character_name: string;
  character_level: DefaultedNumber;
  server_id: number;
}

export interface QuickRepliesTable {
  id: Generated<number>;
  title: string;
  message: string;
}

/** Which categories a quick reply applies to (a join table, not a JSON list). */
export interface QuickReplyCategoriesTable {
  quick_reply_id: number;
  category_id: number;
}

export type FastAction = "RESOLVED" | "CLOSED";

export interface FastActionExcusesTable {
  id: Generated<number>;
  action: FastAction;
  excuse: string;
  value: DefaultedNumber;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

// ---- ticket work (0003_tickets) ----

export type ChatMessageType =
  | "message"
  | "assignment"
  | "category_change"
  | "ban_message"
  | "completion"
  | "member_resolved"
  | "reopened"
  | "deleted_notification";
export type NoteType = "note" | "deleted_notification";

export interface TicketsTable {
  id: Generated<number>;
  /** Creation time in epoch seconds and the ticket number: unique. */
  created_at: number;
  last_updated: number;
  user_id: number;
  email: string;
  name: string;
  category_id: number;
  priority_id: number;
  server_id: number;
  status: ColumnType<TicketStatus, TicketStatus | undefined, TicketStatus>;
  character_name: DefaultedText;
  violaters_name: NullableText;
  subject: string;
  description: string;
  /** JSON list of stored file names; 'DELETED' marks a removed one. */
  attachments: DefaultedText;
  assigned_to: NullableId;
  /** A user id as text, or 'AUTO'. */
  resolved_by: NullableText;
  /** A user id as text, or 'AUTO' (automatic close after 72 hours). */
  closed_by: NullableText;
  excuse: NullableText;
  /** Attachments already removed from disk. */
  clean: Flag;
  retain_attachments: Flag;
  ticket_type: ColumnType<"member" | "other", "member" | "other" | undefined, "member" | "other">;
  type: ColumnType<"normal" | "temp", "normal" | "temp" | undefined, "normal" | "temp">;
  banned: Flag;
  ip_origin: DefaultedText;
  last_message_at: NullableEpoch;
  last_message_from: ColumnType<"user" | "staff" | null, "user" | "staff" | null | undefined, "user" | "staff" | null>;
  /** Sender id of the last message. */
  last_message_by: NullableId;
  /** Time of the first staff reply (first-reply-delay statistics). */
  first_reply_at: NullableEpoch;
  /** ON HOLD until then (epoch seconds), when the hold was given a wake-up time (0034_hold_wakeup). */
  hold_until: NullableEpoch;
}

interface MessageColumns {
  id: Generated<number>;
  ticket_id: number;
  sender_id: NullableId;
  sender_name: DefaultedText;
  message: DefaultedText;
  timestamp: number;
  /** JSON list of stored file names. */
  attachments: DefaultedText;
  /** JSON {id, sender_name, message} of the quoted message, or null. */
  reply_to: NullableText;
  edited: Flag;
  read: Flag;
  deleted: Flag;
  /** Staff only; may be 'NOT FOUND'. */
  ip_origin: DefaultedText;
  user_class: ColumnType<"dev" | "user", "dev" | "user" | undefined, "dev" | "user">;
  from_user: NullableId;
  to_user: NullableId;
  prev_category: NullableId;
  new_category: NullableId;
  completed_status: ColumnType<FastAction | null, FastAction | null | undefined, FastAction | null>;
  /** Ban messages: 1 banned, 0 unbanned; null otherwise. */
  banned: NullableId;
}

export interface ChatMessagesTable extends MessageColumns {
  type: ColumnType<ChatMessageType, ChatMessageType | undefined, ChatMessageType>;
  /** The sender's own id for this send (0022_chat_client_id): a retried send is stored once. */
  client_id: NullableText;
}

/** Notes share the chat-message columns; their type is always given on insert. */
export interface NotesTable extends MessageColumns {
  type: NoteType;
}

export interface BanLogsTable {
  id: Generated<number>;
  ticket_id: NullableId;
  /** Null for a temporary user, known by e-mail only. */
  user_id: NullableId;
  email: string;
  reason: string;
  banner_id: number;
  /** Chosen duration in seconds; -1 permanent. */
  ban_time: number;
  timestamp: number;
  /** End of the ban in epoch seconds; -1 = no end. */
  until: number;
  active: Flag;
  /** Null with ban_lift_timestamp set: lifted automatically at expiry. */
  ban_lifter_id: NullableId;
  ban_lift_timestamp: NullableEpoch;
}

export type NotificationType = "assignment" | "new_message" | "tag" | "hold_expired";

export interface NotificationsTable {
  id: Generated<number>;
  /** Recipient. */
  user_id: number;
  type: NotificationType;
  ticket_id: number;
  ticket_created_at: number;
  by_user_id: NullableId;
  timestamp: number;
  expires: number;
  seen: Flag;
  read: Flag;
}

/** A staff member's sidebar chat list and pins. */
export interface ActiveChatsTable {
  user_id: number;
  ticket_id: number;
  pinned: Flag;
  added_at: number;
  /** Marked unread by hand (0034_hold_wakeup); the holder's next visit of the ticket clears it. */
  marked_unread: Flag;
}

// ---- content (0004_content) ----

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  message: string;
  eng_title: DefaultedText;
  eng_message: DefaultedText;
  value: DefaultedNumber;
  start_date: number;
  /** Null = indefinite. */
  end_date: NullableEpoch;
  active: Flag;
  created_at: number;
}

export interface EmployeeAnnouncementsTable {
  id: Generated<number>;
  title: string;
  message: string;
  value: DefaultedNumber;
  start_date: number;
  end_date: NullableEpoch;
  active: Flag;
  created_at: number;
}

/** Shape of announcement_reads and employee_announcement_reads. */
export interface AnnouncementReadsTable {
  announcement_id: number;
  user_id: number;
}

export interface FaqsTable {
  id: Generated<number>;
  title: string;
  message: string;
  eng_title: DefaultedText;
  eng_message: DefaultedText;
  value: DefaultedNumber;
}

export interface ChangelogsTable {
  id: Generated<number>;
  /** The date the entry is about; null when left empty. */
  date: NullableEpoch;
  title: string;
  message: string;
  created_at: number;
}

export interface TodosTable {
  id: Generated<number>;
  user_id: number;
  field: DefaultedText;
  content: string;
  done: Flag;
  timestamp: number;
}

// ---- selected rows ----

export type CategoryRow = Selectable<CategoriesTable>;
export type PriorityRow = Selectable<PrioritiesTable>;
export type ServerRow = Selectable<ServersTable>;
export type CharacterRow = Selectable<CharactersTable>;
export type TicketRow = Selectable<TicketsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type NoteRow = Selectable<NotesTable>;
export type BanLogRow = Selectable<BanLogsTable>;
export type NotificationRow = Selectable<NotificationsTable>;

// ---- uploads (0005_uploads) ----

export interface UploadsTable {
  /** Random stored name (see server/uploads/storage.ts). */
  name: string;
  user_id: number;
  /** Null until the file is attached to a ticket or one of its messages. */
  ticket_id: NullableId;
  mime: string;
  size: number;
  original_name: string;
  created_at: number;
}
export type UploadRow = Selectable<UploadsTable>;

/** A stored file whose rows are gone, waiting to leave the disk (0018_chatfold). */
export interface UploadDeletionsTable {
  name: string;
  queued_at: number;
}

// ---- ticket counters (0020_ticket_counts) ----

/** Tickets per status and category, folded from the deltas by a sweep. */
export interface TicketCountsTable {
  status: string;
  category_id: number;
  n: number;
}

/** One row per change of a ticket's status or category (+1 / -1), written by triggers only. */
export interface TicketCountDeltasTable {
  id: Generated<number>;
  status: string;
  category_id: number;
  n: number;
}

/** The figures of one finished statistic period (0021_stats_periods). */
export interface StatsPeriodsTable {
  series: "created" | "first_reply";
  lo: number;
  hi: number;
  n: number;
  total: number;
  middle: number;
}

/**
 * One row (id 1): moved on by the tickets' triggers whenever a write reaches a period that may be
 * stored, so that every node drops the figures it keeps (0032_first_hour).
 */
export interface StatsStateTable {
  id: number;
  generation: number;
}

// ---- ticket numbers (0007_ticket_number) ----

/** One row (id 1): the last ticket number handed out (server/db/ticketNumber.ts). */
export interface TicketNumberTable {
  id: number;
  last_number: number;
}
