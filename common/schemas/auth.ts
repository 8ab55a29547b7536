import { z } from "zod";
import { LANGUAGES } from "../constants.ts";
import { PASSWORD_MAX } from "../password.ts";
import { PERMISSIONS, STAFF_RANKS, USER_CLASSES, USER_TYPES } from "../permissions.ts";
import { TICKET_LIST_COLUMNS } from "../ticketListColumns.ts";

/** The sign-in form posts `username` holding the e-mail (spec/1-product-frame.md §7). */
export const loginBody = z.object({
  username: z.email().max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
  /** ALTCHA payload (base64 JSON of challenge and solution); may be empty only when CAPTCHA=off. */
  captchaToken: z.string().max(20_000).default(""),
});
export type LoginBody = z.infer<typeof loginBody>;

export const passwordTokenBody = z.object({ password_token: z.string().min(1).max(200) });
export const setupPasswordBody = z.object({
  password_token: z.string().min(1).max(200),
  new_password: z.string().min(1).max(PASSWORD_MAX),
});

export const changeLanguageBody = z.object({ language: z.enum(LANGUAGES) });

/** What the web client builds its user from; decoded from `id_token` of pulse-check and login. */
export const sessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  class: z.enum(USER_CLASSES),
  type: z.enum(USER_TYPES),
  rank: z.union([z.enum(STAFF_RANKS), z.literal("user")]),
  language: z.enum(LANGUAGES),
  avatar: z.string(),
  /** For a temporary session: the one ticket it may see. */
  ticket_id: z.number().int().optional(),
  /**
   * Staff only: the account still signs in with the password generated at the first start, so
   * the dashboard asks for a new one.
   */
  password_generated: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const pulseCheckResponse = z.object({
  id_token: z.string(),
  temp: z.boolean(),
  user_type: z.enum(USER_TYPES),
});
export type PulseCheckResponse = z.infer<typeof pulseCheckResponse>;

export const permissionsResponse = z.object({ permissions: z.array(z.enum(PERMISSIONS)) });

export const userPreferences = z.object({
  user_id: z.number().int(),
  redirect_after_ticket_complete: z.boolean(),
  notification_sound_on: z.boolean(),
  enable_desktop_notifications: z.boolean(),
  remove_all_chats_button: z.boolean(),
  /** Ticket-history page size, remembered per user (spec/1-product-frame.md §2). */
  ticket_history_page_size: z.number().int(),
  /** The staff ticket list's shown columns, in the list's order (docs/decisions/views.md). */
  ticket_list_columns: z.array(z.enum(TICKET_LIST_COLUMNS)),
});
export type UserPreferences = z.infer<typeof userPreferences>;

/** id_token is base64url JSON of the session user: data for the client, never a credential. */
export function encodeIdToken(user: SessionUser): string {
  const bytes = new TextEncoder().encode(JSON.stringify(user));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeIdToken(token: string): SessionUser | null {
  try {
    const binary = atob(token.replace(/-/g, "+").replace(/_/g, "/"));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const parsed = sessionUser.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
