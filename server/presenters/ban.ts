/** What staff see of a banned player and of the ban log (common/schemas/bans.ts). */
import type { BanLog, BannedUser } from "../../common/schemas/bans.ts";
import { isBanned } from "../domain/bans.ts";
import type { BanLogWithNames } from "../repositories/bans.ts";
import type { UserRow } from "../repositories/users.ts";

export function presentBannedUser(user: UserRow, now: number): BannedUser {
  const banned = isBanned(user, now);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.type,
    banned,
    banned_until: banned ? user.banned_until : 0,
  };
}

export function presentBanLog(row: BanLogWithNames): BanLog {
  return {
    id: row.id,
    ticket_id: row.ticket_id,
    user_id: row.user_id,
    email: row.email,
    reason: row.reason,
    banner_id: row.banner_id,
    banner_name: row.banner_name ?? "",
    ban_time: row.ban_time,
    timestamp: row.timestamp,
    until: row.until,
    active: row.active === 1,
    ban_lifter_id: row.ban_lifter_id,
    ban_lifter_name: row.ban_lifter_name,
    ban_lift_timestamp: row.ban_lift_timestamp,
  };
}
