/**
 * The staff who can take tickets: fetch-devs without a scope (spec/3-staff-administration.md §7), as the ticket page, the
 * ticket list, the chat's system lines and the notes' @ suggestions use them. One read and one
 * shape for all of them; the staff list's own read (scope=all) is in features/staffUsers/api.ts.
 */
import type { StaffMemberView } from "../../../common/schemas/staffTickets.ts";
import { api } from "./client.ts";

/** A member of staff as the short list answers them (common/contract/staffTickets.schemas.ts). */
export type StaffMember = StaffMemberView;

export async function fetchStaffMembers(): Promise<StaffMember[]> {
  return (await api.call("fetchDevs", {})).devs;
}
