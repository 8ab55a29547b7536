/**
 * The page's yes/no modals (spec/2-staff-ticket-work.md §2): put on hold, reopen (also before a reply on an ended
 * ticket), and the submit-and-resolve / submit-and-close warnings with don't-show-again, stored
 * locally per user and item (STORAGE_KEYS.dontShowAgain), clearable on the preferences page.
 */
import { Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS } from "../../../../common/constants.ts";

interface ConfirmProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  testId: string;
  onCancel: () => void;
  onConfirm: () => void | Promise<void>;
  color?: string;
}

export function ConfirmModal({ opened, title, text, confirmLabel, testId, onCancel, onConfirm, color }: ConfirmProps) {
  const { t } = useTranslation("ticketPage");
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered data-testid={testId}>
      <Stack>
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t("cancel")}
          </Button>
          <Button onClick={confirm} loading={busy} color={color} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export type WarningKind = "resolve" | "close";

/** The don't-show-again item ids, as the preferences page lists them. */
export const WARNING_ITEMS: Record<WarningKind, string> = {
  resolve: "submit_and_resolve_warning",
  close: "submit_and_close_warning",
};

export function warningSuppressed(userId: number, kind: WarningKind): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.dontShowAgain(userId, WARNING_ITEMS[kind])) === "true";
  } catch {
    return false;
  }
}

interface WarningProps {
  kind: WarningKind | null;
  userId: number;
  onAnswer: (go: boolean) => void;
}

export function SubmitWarningModal({ kind, userId, onAnswer }: WarningProps) {
  const { t } = useTranslation("ticketPage");
  const [dontShow, setDontShow] = useState(false);
  const go = () => {
    if (kind && dontShow) {
      try {
        localStorage.setItem(STORAGE_KEYS.dontShowAgain(userId, WARNING_ITEMS[kind]), "true");
      } catch {
        // Storage unavailable: the warning simply shows again next time.
      }
    }
    setDontShow(false);
    onAnswer(true);
  };
  return (
    <Modal
      opened={kind !== null}
      onClose={() => onAnswer(false)}
      title={kind ? t(`warning.${kind}_title`) : ""}
      centered
      data-testid="submit-warning-modal"
    >
      <Stack>
        <Text size="sm">{kind ? t(`warning.${kind}_text`) : ""}</Text>
        <Checkbox
          label={t("warning.dont_show")}
          checked={dontShow}
          onChange={(e) => setDontShow(e.currentTarget.checked)}
          data-testid="submit-warning-dont-show"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer(false)}>
            {t("cancel")}
          </Button>
          <Button onClick={go} data-testid="submit-warning-confirm">
            {t("warning.continue")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
