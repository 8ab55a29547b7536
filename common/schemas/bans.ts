/**
 * Bans, unbans and ban history (spec/2-staff-ticket-work.md §6, §7). Bodies arrive form-encoded, so numbers come as
 * text and are coerced. The reason limit is spec/2-staff-ticket-work.md §5 (200).
 */
import { z } from "zod";
import { LIMITS } from "../constants.ts";
import { staffTicket } from "./ticketResponses.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Ten years: a longer timed ban is a permanent one (-1). */
export const MAX_BAN_SECONDS = 10 * 365 * 86_400;

export const banBody = z.object({
  ticket_id: id,
  ban_reason: z.string().trim().min(1, "Please enter a reason.").max(LIMITS.banReason, "Input is too long."),
  /** Seconds the ban lasts (the dialog offers BAN_DURATIONS), or -1 for a permanent ban. */
  ban_time: z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || (n > 0 && n <= MAX_BAN_SECONDS), "ban_time must be -1 or 1 to 315360000 seconds"),
});
export type BanBody = z.infer<typeof banBody>;

export const unbanBody = z.object({ ticket_id: id });

export const banHistoryMemberBody = z.object({ member_id: id });
export const banHistoryTemporaryBody = z.object({ email: z.string().trim().min(1).max(254) });

/** The banned (or unbanned) player, as staff see them after a ban call. */
export const bannedUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: z.enum(["normal", "temp"]),
  banned: z.boolean(),
  /** 0 = not banned, -1 = no end, else epoch seconds. */
  banned_until: z.number(),
});
export type BannedUser = z.infer<typeof bannedUser>;

export const banResponse = z.object({ ticket: staffTicket, user: bannedUser });
export type BanResponse = z.infer<typeof banResponse>;

/** One ban of the ban log (spec/2-staff-ticket-work.md §3), with the names of who banned and who lifted it. */
export const banLog = z.object({
  id: z.number().int(),
  ticket_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  email: z.string(),
  reason: z.string(),
  banner_id: z.number().int(),
  banner_name: z.string(),
  /** Seconds, or -1 for permanent. */
  ban_time: z.number(),
  timestamp: z.number(),
  /** Epoch seconds when the ban ends; -1 = none. */
  until: z.number(),
  active: z.boolean(),
  /** Null with ban_lift_timestamp set: lifted automatically at its end ('auto_unbanned'). */
  ban_lifter_id: z.number().int().nullable(),
  ban_lifter_name: z.string().nullable(),
  ban_lift_timestamp: z.number().nullable(),
});
export type BanLog = z.infer<typeof banLog>;

export const banHistoryResponse = z.object({ ban_logs: z.array(banLog), tickets_data: z.array(staffTicket) });
export type BanHistoryResponse = z.infer<typeof banHistoryResponse>;

/** socket banned_warning: what the player's open pages show in the ban dialog (spec/2-staff-ticket-work.md §8). */
export interface BannedWarning {
  status: "WARNING";
  message: "user_banned";
  until: number;
}
