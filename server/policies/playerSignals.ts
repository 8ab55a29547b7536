/**
 * Whose reply signals a session may read, from the session alone: a member
 * their own member tickets, a temporary session the one ticket it was opened for, staff none.
 */

import type { SignalScope } from "../repositories/playerSignals.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import type { Actor } from "./policy.ts";
import { isMember, isTemporary } from "./policy.ts";

export function signalScope(user: Actor, session: Pick<SessionRow, "kind" | "ticket_id"> | null): SignalScope | null {
  if (isMember(user)) return { kind: "member", userId: user.id };
  if (isTemporary(user) && session?.kind === "temp" && session.ticket_id !== null)
    return { kind: "temp", userId: user.id, ticketId: session.ticket_id };
  return null;
}
