/**
 * What a composer tells its page on each keystroke: the staff ticket page turns it into
 * `ticket_presence` typing (features/staffTicket/useTicketPresence.ts) and, for a reply, the moment
 * the reply was started (the traffic cop). Elsewhere, the player's pages included, nobody listens.
 */
import { createContext, useContext } from "react";

export type TypingWhat = "reply" | "note";

export const TypingSignalContext = createContext<(what: TypingWhat) => void>(() => {});

export function useTypingSignal(): (what: TypingWhat) => void {
  return useContext(TypingSignalContext);
}
