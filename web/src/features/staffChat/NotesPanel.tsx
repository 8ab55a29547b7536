/** The staff-only notes of a ticket (spec 2 §2). Placeholder until the notes work lands. */
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";

export function NotesPanel(_props: { ticket: StaffTicket }) {
  return null;
}
