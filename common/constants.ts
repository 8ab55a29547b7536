/** Product constants from spec/1-product-frame.md §9, spec/2-staff-ticket-work.md §9 and spec/3-staff-administration.md §9: one place, imported by server and web. */

export const PRODUCT_NAME = "Game";
export const PROJECT_VERSION = "2.09";
/** Version query appended to /locales/{lng}/{ns}.json so that a release invalidates cached files. */
export const LOCALES_VERSION = "2.09";

export const LANGUAGES = ["en", "tr", "de", "es", "fr", "it", "pt-BR", "pt", "ru", "ar", "zh", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const RTL_LANGUAGES: readonly Language[] = ["ar"];
/** Names shown in the language picker, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  tr: "Türkçe",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  it: "Italiano",
  "pt-BR": "Português (Brasil)",
  pt: "Português",
  ru: "Русский",
  ar: "العربية",
  zh: "中文",
  ja: "日本語",
};
export const I18N_NAMESPACES = [
  "common",
  "dashboard",
  "edit",
  "errors",
  "sidebar",
  "ticketList",
  "ticketPage",
  "staffChat",
  "bans",
  "chatList",
  "notifications",
  // Staff administration, one namespace per part
  "users",
  "players",
  "setup",
  "account",
  "content",
] as const;
export type I18nNamespace = (typeof I18N_NAMESPACES)[number];
/** Language cookie lifetime (spec/1-product-frame.md §9). */
export const LANGUAGE_COOKIE_SECONDS = 10 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Ticket statuses in their display order (spec/1-product-frame.md §9). */
export const TICKET_STATUSES = ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED", "RESOLVED", "CLOSED"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** The statuses that the ACTIVE display group covers. */
export const ACTIVE_STATUSES: readonly TicketStatus[] = ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED"];
export const ENDED_STATUSES: readonly TicketStatus[] = ["RESOLVED", "CLOSED"];

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = {
  memberTickets: 25,
  players: 10,
  bannedPlayers: 10,
  staffTickets: 10,
  notifications: 10,
} as const;

export const LIMITS = {
  uploadBytes: 52_428_800,
  attachments: 5,
  passwordMin: 8,
  announcementMessage: 300,
  profileName: 80,
  profileEmail: 80,
  violatorName: 9,
  subject: 100,
  description: 1000,
  playerReply: 500,
  banReason: 200,
  defaultInput: 100,
} as const;

export const TIMING = {
  announcementRotateMs: 5000,
  announcementFadeMs: 500,
  announcementSwipePx: 50,
  recentAnnouncementSeconds: 86_400,
  copyNoticeMs: 2000,
  copyToastDelayMs: 50,
  preferenceSavedMs: 3000,
  connectionCheckMs: 1000,
  unreadMessagesDelayMs: 500,
  lazyChunkTimeoutMs: 120_000,
  newMessageHighlightMs: 10_000,
  notificationToastMs: 5000,
} as const;

/** socket.io client reconnection (spec/1-product-frame.md §9). */
export const SOCKET_RECONNECTION = {
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20_000,
} as const;

export const FAQS_ON_LANDING = 5;
export const BADGE_TICKETS_PER_TIER = 20;

/** Attachment types allowed (spec/1-product-frame.md §5), as the MIME types that magic-byte detection reports. */
export const ALLOWED_ATTACHMENT_TYPES = [
  "image/jpeg",
  "image/png",
  "image/bmp",
  "image/webp",
  "image/svg+xml",
  "text/plain",
  "video/mp4",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
] as const;

/** Ban durations offered to staff (spec/2-staff-ticket-work.md §9); seconds, -1 for perma. */
export const BAN_DURATIONS = {
  "7d": 7 * 86_400,
  "15d": 15 * 86_400,
  "1m": 30 * 86_400,
  "3m": 90 * 86_400,
  "6m": 180 * 86_400,
  perma: -1,
} as const;

/** Time filters of the advanced search, in seconds (spec/2-staff-ticket-work.md §9). */
export const TIME_FILTERS = [86_400, 604_800, 2_592_000, 7_776_000, 15_552_000, 31_536_000] as const;

/** Local-storage keys shared by several screens. */
export const STORAGE_KEYS = {
  theme: "helpdesk.theme",
  language: (userId: number | string) => `helpdesk.language.${userId}`,
  anonymousLanguage: "helpdesk.language.anonymous",
  dontShowAgain: (userId: number | string, itemId: string) => `${userId}_dontshowagain_${itemId}`,
} as const;

export const CSRF_HEADER = "x-csrf-token";
export const CSRF_COOKIE = "hd_csrf";
