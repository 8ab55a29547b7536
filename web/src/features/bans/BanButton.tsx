/** Ban and unban the ticket's player (spec 2 §2, §6). Placeholder until the ban work lands. */
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";

export function BanButton(_props: { ticket: StaffTicket; onChanged: () => void }) {
  return null;
}
