/**
 * What a refused ticket submission shows (spec/1-product-frame.md §8): the ban dialog for a ban, the WARNING
 * dialog for the rate and active-ticket limits and for an oversized file, the file-type message
 * inline; anything else the generic error dialog.
 */
import type { RefObject } from "react";
import { ApiError, type RefusedUpload } from "../../api/client.ts";
import type { AltchaHandle } from "../../components/AltchaWidget.tsx";
import { showBanError, showError, showWarning } from "../../ui/errorDialogStore.ts";
import type { FileSelection } from "./AttachmentPicker.tsx";
import { withoutRefusedUpload } from "./attachments.ts";

export interface SubmitErrorHandlers {
  /** A file was refused: the one the server named, if it named one (see refuseUpload). */
  onFilesRefused(reason: "size" | "type", file: RefusedUpload | undefined): void;
}

/**
 * The server refused a file after the picker's checks had passed: the file it names goes, named
 * with its reason, and the good ones stay. A refusal that names no file (a
 * proxy's 413) clears the selection, as the spec says (spec/1-product-frame.md §8).
 */
export function refuseUpload(selection: FileSelection, reason: "size" | "type", file: RefusedUpload | undefined): void {
  const kept = withoutRefusedUpload(selection.files, file, reason);
  if (kept) {
    selection.setFiles(kept.files);
    selection.setRefused(kept.refused);
    selection.setError(null);
    return;
  }
  selection.setFiles([]);
  selection.setRefused([]);
  selection.setError(reason === "type" ? "unacceptable_file_type" : null);
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
      handlers.onFilesRefused("size", error.file);
      return;
    }
    if (error.status === 415 || error.code === "unacceptable_file_type") {
      console.error(error);
      handlers.onFilesRefused("type", error.file);
      return;
    }
  }
  showError(error);
}

/**
 * What both ticket forms do when a submission is refused: explain it, drop the refused file, and
 * renew the bot check (a solved challenge is accepted once, so the next try needs a fresh one).
 */
export function handleRefusedSubmission(
  error: unknown,
  files: FileSelection,
  widget: RefObject<AltchaHandle | null>,
): void {
  reportSubmitError(error, { onFilesRefused: (reason, file) => refuseUpload(files, reason, file) });
  widget.current?.reset();
}
