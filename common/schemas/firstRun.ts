/**
 * The first-run checklist of the staff dashboard (docs/decisions/first-start.md): what a new help
 * desk's admin does first, each item ticked from the server's own state. The spec has no such
 * widget; GET /api/misc/fetch-first-run-checklist and POST /api/misc/change-first-run-checklist
 * are ours.
 */
import { z } from "zod";

/**
 * In the order the dashboard lists them: the admin's own password, the categories and servers,
 * a second employee, the game's member accounts, a first ticket.
 */
export const FIRST_RUN_ITEMS = ["password", "setup", "staff", "game", "test_ticket"] as const;
export type FirstRunItem = (typeof FIRST_RUN_ITEMS)[number];

export const firstRunChecklist = z.object({
  /** Gone for good, for every admin: dismissed by one, or every item was done once. */
  dismissed: z.boolean(),
  /** Every item with whether it is done; empty once dismissed. */
  items: z.array(z.object({ key: z.enum(FIRST_RUN_ITEMS), done: z.boolean() })),
  /** Whether INTEGRATION_API_KEY is set, so the game item says which step is missing. */
  integration_key_set: z.boolean(),
});
export type FirstRunChecklist = z.infer<typeof firstRunChecklist>;
export const firstRunChecklistResponse = z.object({ checklist: firstRunChecklist });
export type FirstRunChecklistResponse = z.infer<typeof firstRunChecklistResponse>;

export const changeFirstRunChecklistBody = z.object({
  /**
   * dismiss: hide the checklist for every admin, for good; confirm_setup: the categories and
   * servers as they are fit this game (ticks the setup item without changing them).
   */
  action: z.enum(["dismiss", "confirm_setup"], "action must be dismiss or confirm_setup"),
});
export type ChangeFirstRunChecklistBody = z.infer<typeof changeFirstRunChecklistBody>;
