/**
 * Desk-wide settings an admin changes at run time (docs/decisions/assignment.md). The spec has no
 * such page; GET /api/misc/fetch-desk-settings and POST /api/misc/change-desk-settings are ours.
 */
import { z } from "zod";
import { formBoolean } from "./staffTickets.ts";

export const deskSettings = z.object({
  /** An employee's reply on an unassigned ticket assigns it to them, when they may take it. */
  assign_on_first_reply: z.boolean(),
});
export type DeskSettings = z.infer<typeof deskSettings>;

export const deskSettingsResponse = z.object({
  settings: deskSettings,
  /** Whether the caller may change them (change-desk-settings' access, decided by the server). */
  may_change: z.boolean(),
});
export type DeskSettingsResponse = z.infer<typeof deskSettingsResponse>;

/** The settings to change; one left out keeps its value. */
export const changeDeskSettingsBody = z.object({
  assign_on_first_reply: formBoolean.optional(),
});
export type ChangeDeskSettingsBody = z.infer<typeof changeDeskSettingsBody>;
