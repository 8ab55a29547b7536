/**
 * Who may change the setup lists (spec 3 §2.4): the permission each setup write needs, in one
 * table. The spec names quick_response:create/edit/set_categories, category:disable and
 * priority:set_default; every other write follows setup:create (create) and setup:edit (edit,
 * delete), and the rest is decided in docs/decisions.md.
 */
import type { Kysely } from "kysely";
import type { Permission } from "../../common/permissions.ts";
import type { Database } from "../db/schema.ts";
import { type Actor, requirePermission } from "./policy.ts";

export const SETUP_ACTION_PERMISSIONS = {
  /** Creating a category, priority level or server. */
  createEntry: "setup:create",
  /** Editing or deleting one. */
  editEntry: "setup:edit",
  deleteEntry: "setup:edit",
  /** The category setup page's ticket counts. */
  viewCategoryCounts: "setup:view",
  /** Disable, and enable again: one right to take a category out of service and back. */
  toggleCategory: "category:disable",
  setDefaultPriority: "priority:set_default",
  viewQuickReplies: "quick_response:view",
  createQuickReply: "quick_response:create",
  editQuickReply: "quick_response:edit",
  /** Deleting is the last edit of a reply: quick_response:edit (the spec names no delete right). */
  deleteQuickReply: "quick_response:edit",
  setQuickReplyCategories: "quick_response:set_categories",
  /** The excuses page needs setup:create to be seen at all (spec 3 §2). */
  addExcuse: "setup:create",
  editExcuse: "setup:edit",
  deleteExcuse: "setup:edit",
} as const satisfies Record<string, Permission>;
export type SetupAction = keyof typeof SETUP_ACTION_PERMISSIONS;

/** The signed-in employee holding the action's permission; 401 without a session, 403 otherwise. */
export function requireSetupAction(db: Kysely<Database>, user: Actor | null, action: SetupAction): Promise<Actor> {
  return requirePermission(db, user, SETUP_ACTION_PERMISSIONS[action]);
}
