/**
 * The ticket state machine (spec 1 §4, spec 2 §4) as far as messages move it. Staff actions
 * (hold, resolve, close, reopen, assign) join here as they are built.
 */
import { ENDED_STATUSES, type TicketStatus } from "../../common/constants.ts";

export function isEnded(status: TicketStatus): boolean {
  return ENDED_STATUSES.includes(status);
}

/**
 * A staff reply answers the player: REPLIED. A player's message on a REPLIED ticket hands it back
 * to staff: WAITING DEV. Otherwise (new, on hold, waiting) the status stays.
 */
export function statusAfterMessage(status: TicketStatus, senderClass: "dev" | "user"): TicketStatus {
  if (isEnded(status)) return status;
  if (senderClass === "dev") return "REPLIED";
  return status === "REPLIED" ? "WAITING DEV" : status;
}
