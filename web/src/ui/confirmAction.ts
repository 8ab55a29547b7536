/** The shared confirmation dialog (spec/1-product-frame.md §2): 'Confirm Action', Cancel / Confirm, resolves to a boolean. */

import i18n from "../i18n.ts";
import { openConfirmModal } from "./DeferredHosts.tsx";

export interface ConfirmOptions {
  message?: string;
  confirmLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
}

export function confirmAction(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    void openConfirmModal({
      title: i18n.t("common:confirm.title"),
      centered: true,
      children: options.message,
      labels: {
        confirm: options.confirmLabel ?? i18n.t("common:confirm.confirm"),
        cancel: i18n.t("common:confirm.cancel"),
      },
      confirmProps: { color: options.danger ? "red" : undefined, "data-testid": "confirm-action-confirm" },
      cancelProps: { "data-testid": "confirm-action-cancel" },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      // Closing by Escape, the X or the backdrop is a "no".
      onClose: () => settle(false),
    });
  });
}

/** The text used before deleting anything (spec/1-product-frame.md §8). */
export function confirmDelete(): Promise<boolean> {
  return confirmAction({ message: i18n.t("common:confirm.delete_message"), danger: true });
}
