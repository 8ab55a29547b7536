/**
 * The generic error dialog and the ban dialog (spec/1-product-frame.md §8), callable from anywhere: a failed call
 * anywhere in the app ends with showError(err), which also logs to the console.
 */
import type { BanDetail } from "../../../common/errors.ts";
import { ApiError } from "../api/client.ts";
import { createStore } from "./createStore.ts";
import type { ErrorContext } from "./errorMessages.ts";

export type ErrorDialogState =
  | { kind: "error"; status: number | null; message: string; code: string | undefined; context?: ErrorContext }
  | { kind: "ban"; ban: BanDetail }
  | { kind: "warning"; message: string }
  | null;

export const errorDialogStore = createStore<ErrorDialogState>(null);

export function showError(error: unknown): void {
  console.error(error);
  if (error instanceof ApiError) {
    const { ban } = error;
    if (ban) {
      errorDialogStore.set({ kind: "ban", ban });
      return;
    }
    errorDialogStore.set({
      kind: "error",
      status: error.status,
      message: error.message,
      code: error.code,
      context: { issues: error.issues, retryAfterSeconds: error.retryAfterSeconds },
    });
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  errorDialogStore.set({ kind: "error", status: null, message, code: undefined });
}

export function showBanError(ban: BanDetail): void {
  errorDialogStore.set({ kind: "ban", ban });
}

/** The dialog titled WARNING (rate_limit_ticket_submit, too_many_active_tickets, file_size_exceeded). */
export function showWarning(messageKey: string): void {
  errorDialogStore.set({ kind: "warning", message: messageKey });
}

export function closeErrorDialog(): void {
  errorDialogStore.set(null);
}
