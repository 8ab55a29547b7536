/**
 * What a refused ticket submission shows (spec 1 §8): the ban dialog for a ban, the WARNING
 * dialog for the rate and active-ticket limits and for an oversized file, the file-type message
 * inline; anything else the generic error dialog.
 */
import type { RefObject } from "react";
import { ApiError } from "../../api/client.ts";
import type { AltchaHandle } from "../../components/AltchaWidget.tsx";
import { showBanError, showError, showWarning } from "../../ui/errorDialogStore.ts";
import type { FileSelection } from "./AttachmentPicker.tsx";

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

/**
 * What both ticket forms do when a submission is refused: explain it, clear refused files, and
 * renew the bot check (a solved challenge is accepted once, so the next try needs a fresh one).
 */
export function handleRefusedSubmission(
  error: unknown,
  files: FileSelection,
  widget: RefObject<AltchaHandle | null>,
): void {
  reportSubmitError(error, {
    onFilesRefused: (reason) => {
      // The server names no file: the whole selection goes, as the spec says (spec 1 §8).
      files.setFiles([]);
      files.setRefused([]);
      files.setError(reason === "type" ? "unacceptable_file_type" : null);
    },
  });
  widget.current?.reset();
}
