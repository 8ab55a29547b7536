/**
 * Coded errors: each code is stable, maps to an HTTP status, and doubles as the key in the
 * `errors` i18n namespace that the client shows. The server sends the English text as `detail`
 * (so API users read a sentence) and the client translates by `code` when it knows it.
 */
import { LIMITS } from "./constants.ts";

export const ERRORS = {
  validation: { status: 422, message: "The request is not valid." },
  not_authenticated: { status: 401, message: "No session found." },
  already_signed_in: { status: 409, message: "You are already signed in." },
  invalid_credentials: { status: 401, message: "Wrong e-mail or password." },
  account_disabled: { status: 403, message: "This account is disabled." },
  forbidden: { status: 403, message: "You do not have permission to do this." },
  csrf_failed: { status: 403, message: "The page's security check failed. Reload the page and try again." },
  captcha_failed: { status: 400, message: "The human verification failed. Please try again." },
  captcha_required: { status: 400, message: "Please complete the human verification." },
  too_many_sign_in_attempts: {
    status: 429,
    message: "Too many sign-in attempts. Please wait a few minutes and try again.",
  },
  rate_limited: { status: 429, message: "Too many requests. Please slow down." },
  token_invalid: { status: 400, message: "This link is invalid or has expired." },
  password_invalid: { status: 422, message: "Please enter a valid password." },
  not_found: { status: 404, message: "Not found." },
  // Notes: edit and delete of one's own notes
  note_not_editable: { status: 409, message: "This note can no longer be edited or deleted." },
  rate_limit_ticket_submit: { status: 429, message: "rate_limit_ticket_submit" },
  too_many_active_tickets: { status: 429, message: "too_many_active_tickets" },
  user_banned: { status: 403, message: "user_banned" },
  file_size_exceeded: { status: 413, message: "file_size_exceeded" },
  unacceptable_file_type: { status: 415, message: "Unacceptable file type" },
  too_many_files: { status: 422, message: `At most ${LIMITS.attachments} files can be attached.` },
  upload_budget_exceeded: {
    status: 429,
    message: "You have uploaded too much in a short time. Please wait a few minutes and try again.",
  },
  /** The body could not be read at all (broken multipart or JSON): nothing in it was looked at. */
  malformed_body: { status: 400, message: "The request body could not be read." },
  bad_url: { status: 400, message: "The address is not valid." },
  uri_too_long: { status: 414, message: "The address is too long." },
  body_too_large: { status: 413, message: "The request is too large." },
  unsupported_media_type: { status: 415, message: "This kind of request body is not accepted." },
  ticket_ended: { status: 409, message: "This ticket is closed. No more messages can be sent." },
  /** ticket_ended for a RESOLVED ticket: the player reads that it was resolved, not closed. */
  ticket_resolved: { status: 409, message: "This ticket is resolved. No more messages can be sent." },
  ticket_not_answered: {
    status: 409,
    message: "This ticket has not been answered yet, so it cannot be marked as solved.",
  },
  ticket_already_ended: { status: 409, message: "This ticket has already ended." },
  // ---- staff ticket actions (spec/2-staff-ticket-work.md §6)
  not_ticket_assignee: { status: 403, message: "Only the employee assigned to this ticket or an admin can do this." },
  not_ticket_closer: {
    status: 403,
    message: "Only the employee who resolved or closed this ticket or an admin can change it.",
  },
  category_not_allowed: { status: 403, message: "You can only choose one of your own categories." },
  employee_choice_not_allowed: {
    status: 403,
    message: "Your rank cannot choose the employee. Use Auto or keep the current assignee.",
  },
  assignee_not_eligible: {
    status: 403,
    message: "This employee does not handle the ticket's category and server.",
  },
  no_eligible_assignee: { status: 409, message: "No employee handles this category and server." },
  ticket_already_on_hold: { status: 409, message: "This ticket is already on hold." },
  ticket_not_ended: { status: 409, message: "This ticket is not resolved or closed." },
  ticket_changed: { status: 409, message: "This ticket was changed meanwhile. Reload it and try again." },
  category_deleted: {
    status: 409,
    message: "The ticket's category no longer exists, so the ticket cannot be reopened.",
  },
  excuse_required: {
    status: 422,
    message: "A reason is required: the last message came from the player or another employee.",
  },
  attachments_already_removed: { status: 409, message: "This ticket's attachments have already been removed." },
  // Staff chat: edit and delete of chat messages
  message_not_editable: { status: 409, message: "This message can no longer be edited or deleted." },
  // ---- bans (spec/2-staff-ticket-work.md §6)
  ban_ticket_resolved: { status: 403, message: "The player of a resolved ticket cannot be banned or unbanned." },
  ban_not_allowed: {
    status: 403,
    message: "Only the ticket's assignee, the staff member who closed it, or an admin can ban or unban its player.",
  },
  ban_wrong_player: {
    status: 422,
    message: "This ticket was filed by the other kind of player (member or temporary).",
  },
  already_banned: { status: 409, message: "This player is already banned." },
  not_banned: { status: 409, message: "This player is not banned." },
  email_exists: { status: 409, message: "This e-mail is already registered." },
  cannot_delete_self: { status: 403, message: "You cannot delete yourself." },
  cannot_reset_own_password: {
    status: 403,
    message: "You cannot reset your own password here. Change it in your profile settings.",
  },
  cannot_change_self: {
    status: 403,
    message: "You cannot disable yourself or change your own rank or permissions.",
  },
  set_admin_required: {
    status: 403,
    message: "Only staff allowed to set admins can give the admin rank or change an admin.",
  },
  permission_not_held: { status: 403, message: "You cannot grant or remove a permission you do not hold." },
  target_holds_more: {
    status: 403,
    message: "You cannot set the password of an employee who holds permissions you do not hold.",
  },
  target_outranks_you: {
    status: 403,
    message: "You can only manage employees of a lower rank than yours, and cannot give a rank above your own.",
  },
  last_admin: { status: 409, message: "The last admin cannot be demoted, disabled or deleted." },
  passwords_mismatch: { status: 422, message: "Passwords do not match." },
  user_changed: { status: 409, message: "This user was changed meanwhile. Reload the list and try again." },
  disable_date_out_of_range: {
    status: 422,
    message: "Choose a date from today (tomorrow after 19:00 UTC+3) up to five years ahead.",
  },
  member_not_found: { status: 404, message: "There is no such player." },
  setup_title_taken: { status: 409, message: "An entry with this title already exists." },
  category_in_use: { status: 409, message: "This category cannot be deleted while tickets use it." },
  default_priority_locked: {
    status: 409,
    message: "The default priority cannot be deleted. Make another priority the default first.",
  },
  excuse_taken: { status: 409, message: "This reason is already in the list." },
  username_taken: { status: 409, message: "This username is already taken." },
  email_taken: { status: 409, message: "This e-mail is already registered." },
  current_password_wrong: { status: 422, message: "The current password is wrong." },
  picture_not_image: {
    status: 415,
    message: "The profile picture must be an image (JPEG, PNG, BMP or WebP).",
  },
  picture_too_large: { status: 413, message: "The profile picture can be at most 2 MB." },
  picture_missing: { status: 422, message: "Choose a picture to upload." },
  /** A temporary look-up whose id and e-mail match no ticket (its own code, so the page can say so). */
  ticket_not_found: { status: 404, message: "No ticket was found with this ticket number and e-mail." },
  /** Too many wrong look-ups from one address or for one e-mail: the lockout (retry-after says how long). */
  ticket_lookup_locked: {
    status: 429,
    message: "Too many failed ticket look-ups. Please wait a few minutes and try again.",
  },
  // ---- a node whose database or Redis is away, or that is shutting down
  database_unavailable: {
    status: 503,
    message: "The database cannot be reached right now. Please try again in a moment.",
  },
  not_ready: { status: 503, message: "This node is not ready to take requests." },
  internal: { status: 500, message: "Something went wrong on our side." },
} as const;
export type ErrorCode = keyof typeof ERRORS;

/** One item of a 422 list: the shape the client reads `msg` from. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A ban answer (DESIGN wire contract). `until` is epoch seconds or -1 for no end. */
export interface BanDetail {
  status: "WARNING";
  message: "user_banned";
  until: number;
}

export type ErrorDetail = string | ValidationIssue[] | BanDetail;
export interface ErrorBody {
  detail: ErrorDetail;
  code?: ErrorCode;
}
