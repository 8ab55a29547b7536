/**
 * GET /api/members/filing-status: whether the signed-in member may file a
 * ticket now, asked by /member/create-ticket before it shows the form. A courtesy: the submit
 * call still checks every limit itself, under its own lock.
 */
import { z } from "zod";

export const FILING_STATES = ["open", "banned", "active_cap", "rate_limited", "no_character"] as const;
export type FilingState = (typeof FILING_STATES)[number];

export const filingStatus = z.object({
  /** The first reason that stops a filing (ban, characters, cap, rate); "open" when none. */
  state: z.enum(FILING_STATES),
  /** 0 = not banned, -1 = banned with no end, else the ban's end in epoch seconds (spec/1-product-frame.md §3). */
  banned_until: z.number().int(),
  /** The member's tickets in the ACTIVE group (NEW TICKET, WAITING DEV, ON HOLD, REPLIED). */
  active_tickets: z.number().int(),
  /** How many ACTIVE tickets a member may hold (MEMBER_ACTIVE_TICKET_CAP). */
  active_cap: z.number().int(),
});
export type FilingStatus = z.infer<typeof filingStatus>;

export const filingStatusResponse = z.object({ filing: filingStatus });
