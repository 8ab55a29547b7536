/**
 * Which ban keeps a player out (spec/2-staff-ticket-work.md §6): a player under a ban files no ticket and writes no
 * chat message, by whichever way it comes in (the member form, the visitor form, new-chat-message,
 * the socket's send_message). Every one of them asks here.
 *
 * A ban follows the e-mail, in any letter case (docs/decisions/bans.md): a
 * visitor is refused while the member account of their e-mail, or any temporary identity of it,
 * is banned. A member answers for their own account only, so a visitor's ban under someone's
 * address does not lock that member out.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { isBanned } from "../domain/bans.ts";
import { AppError } from "../errors.ts";
import { playerRowById, playerRowsOfEmail } from "../repositories/bans.ts";
import type { UserRow } from "../repositories/users.ts";
import { isPlayer } from "./policy.ts";

export type BanState = Pick<UserRow, "banned" | "banned_until">;

/** Of the bans that hold now, the one to answer: a permanent one, else the one that ends last. */
export function longestBan(rows: readonly BanState[], now: number): BanState | undefined {
  const holding = rows.filter((row) => isBanned(row, now));
  return holding.find((row) => row.banned_until === -1) ?? holding.sort((a, b) => b.banned_until - a.banned_until)[0];
}

/** Whether a player's own ban holds now (the banned_warning a new socket of theirs is told). */
export function isBannedPlayer(user: Pick<UserRow, "class" | "banned" | "banned_until">, now: number): boolean {
  return isPlayer(user) && isBanned(user, now);
}

/** The ban answer (spec/1-product-frame.md §3 ban error): 403 user_banned with the ban's end. */
export function refuseIfBanned(ban: BanState | undefined, now: number): void {
  if (ban && isBanned(ban, now)) {
    throw new AppError("user_banned", { status: "WARNING", message: "user_banned", until: ban.banned_until });
  }
}

/** Refuses a player whom a ban keeps out now, read afresh from the database; staff pass. */
export async function refuseBannedPlayer(
  db: Kysely<Database>,
  player: Pick<UserRow, "id" | "class" | "type" | "email">,
  now: number,
): Promise<void> {
  if (!isPlayer(player)) return;
  const rows =
    player.type === "temp"
      ? await playerRowsOfEmail(db, player.email)
      : [await playerRowById(db, player.id)].filter((row) => row !== undefined);
  refuseIfBanned(longestBan(rows, now), now);
}
