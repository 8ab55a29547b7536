/**
 * What the bulk action's bar, dialogs and notice share (docs/decisions/bulk-actions.md): the
 * choice a dialog makes, and what a bulk action answered.
 */
import type { BulkActionBody, BulkActionResult, ListTicket } from "./api.ts";

/** A bulk action's fields without its tickets: what a dialog chooses. */
export type BulkChoice = BulkActionBody extends infer B ? (B extends unknown ? Omit<B, "ticket_ids"> : never) : never;

/** The dialog each button of the bar opens. */
export type BulkDialogKind = "assign" | "hold" | "resolve" | "close";

/** What a bulk action answered, with the rows it named (their numbers and links). */
export interface BulkOutcome {
  result: BulkActionResult;
  tickets: ListTicket[];
}
