/**
 * Session lifetimes (ASVS 5 §7): idle and absolute timeouts, shorter for staff, whose sessions
 * can do more harm, and for temporary ticket access.
 */

import { isStaff } from "../policies/policy.ts";
import type { UserRow } from "../repositories/users.ts";

export interface SessionLimits {
  idleSeconds: number;
  absoluteSeconds: number;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

export function sessionLimits(user: Pick<UserRow, "class">, kind: "user" | "temp"): SessionLimits {
  if (kind === "temp") return { idleSeconds: 2 * HOUR, absoluteSeconds: DAY };
  if (isStaff(user)) return { idleSeconds: 12 * HOUR, absoluteSeconds: 7 * DAY };
  return { idleSeconds: 7 * DAY, absoluteSeconds: 30 * DAY };
}

/** A session's last_seen_at is written at most this often, to keep reads from writing. */
export const TOUCH_EVERY_SECONDS = 60;
