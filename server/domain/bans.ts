/** The ban rule every path asks: a player's ban, as the users row stores it. */
import type { UserRow } from "../repositories/users.ts";

/** A ban holds while flagged and either without end (-1) or ending in the future; a past end is over. */
export function isBanned(user: Pick<UserRow, "banned" | "banned_until">, now: number): boolean {
  return user.banned === 1 && (user.banned_until === -1 || user.banned_until > now);
}
