/**
 * What a refused ticket submission shows (spec 1 §8): the ban dialog for a ban, the WARNING
 * dialog for the rate and active-ticket limits and for an oversized file, the file-type message
 * inline; anything else the generic error dialog.
 */
import { ApiError } from "../../api/client.ts";
import { showBanError, showError, showWarning } from "../../ui/errorDialogStore.ts";

export interface SubmitErrorHandlers {
  /** The files were refused: clear the selection (and show the inline type message if asked). */
  onFilesRefused(reason: "size" | "type"): void;
}

export function reportSubmitError(error: unknown, handlers: SubmitErrorHandlers): void {
  if (error instanceof ApiError) {
    if (error.ban) {
      console.error(error);
      showBanError(error.ban);
      return;
    }
    if (error.code === "rate_limit_ticket_submit" || error.code === "too_many_active_tickets") {
      console.error(error);
      showWarning(error.code);
      return;
    }
    if (error.status === 413 || error.code === "file_size_exceeded") {
      console.error(error);
      showWarning("file_size_exceeded");
      handlers.onFilesRefused("size");
      return;
    }
    if (error.status === 415 || error.code === "unacceptable_file_type") {
      console.error(error);
      handlers.onFilesRefused("type");
      return;
    }
  }
  showError(error);
}
