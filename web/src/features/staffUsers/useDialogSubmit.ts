/**
 * Runs a dialog's call: busy while it runs; on success the list reloads, a short "Saved." shows
 * and the dialog closes; a refusal opens the shared error dialog (spec/3-staff-administration.md §8) and keeps it open.
 */
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { errorText } from "../../ui/useErrorText.ts";
import { useRefreshStaffList } from "./api.ts";

/** A failed call as the words a person reads. */
export function failureText(failure: unknown): string {
  return failure instanceof ApiError ? errorText(failure.message, failure.code) : String(failure);
}

export function useDialogSubmit(onDone: () => void) {
  const { t } = useTranslation("users");
  const refresh = useRefreshStaffList();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, message = t("saved")) => {
    setBusy(true);
    try {
      await call();
      notifications.show({ message, color: "green", autoClose: 3000 });
      onDone();
    } catch (failure) {
      showError(failure);
    } finally {
      setBusy(false);
      void refresh();
    }
  };
  return { busy, run };
}
