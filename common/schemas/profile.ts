/**
 * Profile and preference calls of a staff member (spec/3-staff-administration.md §2.5, §5, §7 Profile). Every call acts on
 * the signed-in user: `user_id` is accepted because the spec sends it, and ignored.
 */
import { z } from "zod";
import { LIMITS } from "../constants.ts";
import { PASSWORD_MAX } from "../password.ts";
import { TICKET_LIST_COLUMNS } from "../ticketListColumns.ts";
import { sessionUser, userPreferences } from "./auth.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** A form sends "true"/"false" (or 1/0, on/off); JSON sends booleans. */
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off"])])
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");

/** The spec's `user_id`: sent by the client, never trusted (the session names the user). */
const ignoredUserId = { user_id: id.optional() };

/** What the username may not contain (spec/3-staff-administration.md §5): the web removes these while typing. */
export const USERNAME_FORBIDDEN = /[@\s]/gu;

export const USERNAME_MESSAGES = {
  empty: "The username cannot be empty.",
  forbidden: "The username cannot contain @ or spaces.",
  tooLong: `The username can be at most ${LIMITS.profileName} characters.`,
} as const;

export const profileName = z
  .string()
  .min(1, USERNAME_MESSAGES.empty)
  .max(LIMITS.profileName, USERNAME_MESSAGES.tooLong)
  .refine((name) => !new RegExp(USERNAME_FORBIDDEN.source, "u").test(name), USERNAME_MESSAGES.forbidden);

export const EMAIL_MESSAGES = {
  invalid: "Please enter a valid e-mail address.",
  tooLong: `The e-mail address can be at most ${LIMITS.profileEmail} characters.`,
} as const;

export const profileEmail = z
  .string()
  .trim()
  .max(LIMITS.profileEmail, EMAIL_MESSAGES.tooLong)
  .pipe(z.email(EMAIL_MESSAGES.invalid))
  .transform((email) => email.toLowerCase());

/**
 * Asked before the password or the sign-in e-mail changes, as Zendesk, GitHub and Google do
 * (docs/decisions/account.md): not part of the spec's calls, which a stolen session could otherwise use.
 */
const CURRENT_PASSWORD_MISSING = "Please enter your current password.";
const currentPassword = z.string(CURRENT_PASSWORD_MISSING).min(1, CURRENT_PASSWORD_MISSING).max(PASSWORD_MAX);

export const changeProfileNameBody = z.object({ ...ignoredUserId, name: profileName });
export const changeProfileEmailBody = z.object({
  ...ignoredUserId,
  email: profileEmail,
  current_password: currentPassword,
});
export const changeProfilePasswordBody = z.object({
  ...ignoredUserId,
  /** The new password; the password rules are checked by the use case (password_invalid). */
  password: z.string().min(1).max(PASSWORD_MAX),
  current_password: currentPassword,
});
/** The multipart fields of change-profile-picture; the one file arrives as `files`. */
export const changeProfilePictureFields = z.object({ ...ignoredUserId });
export const deleteProfilePictureBody = z.object({ ...ignoredUserId });

/** The flags a staff member sets on the preferences page; a flag left out keeps its value. */
export const PREFERENCE_FLAGS = [
  "redirect_after_ticket_complete",
  "notification_sound_on",
  "enable_desktop_notifications",
  "remove_all_chats_button",
] as const;
export type PreferenceFlag = (typeof PREFERENCE_FLAGS)[number];

export const saveUserPreferencesBody = z.object({
  ...ignoredUserId,
  redirect_after_ticket_complete: flag.optional(),
  notification_sound_on: flag.optional(),
  enable_desktop_notifications: flag.optional(),
  remove_all_chats_button: flag.optional(),
  /**
   * The ticket list's shown columns: a list (a form repeats the field), or the keys joined by
   * commas; an empty value hides every column but the ticket link.
   */
  ticket_list_columns: z
    .preprocess(
      (value) => (typeof value === "string" ? (value === "" ? [] : value.split(",")) : value),
      z.array(z.enum(TICKET_LIST_COLUMNS)).max(TICKET_LIST_COLUMNS.length),
    )
    .optional(),
});
export type SaveUserPreferencesBody = z.infer<typeof saveUserPreferencesBody>;

/** Every profile call answers the user as the session sees it (the header shows it at once). */
export const profileUserResponse = z.object({ user: sessionUser });
export type ProfileUserResponse = z.infer<typeof profileUserResponse>;
export const saveUserPreferencesResponse = z.object({ user_preferences: userPreferences });

/**
 * A profile picture: a raster image by its bytes (SVG can carry script) of at most 2 MB. The web
 * scales a chosen picture down to AVATAR_PIXELS before it uploads, so real pictures stay far below.
 */
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/bmp", "image/webp"] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_PIXELS = 256;

/** Avatars are served here (not by /download, which serves ticket files). */
export const AVATAR_PATH_PREFIX = "/api/profile/avatar/";
export const avatarParams = z.object({ filename: z.string().max(100) });
