/** The frame every staff-list dialog shares: title, body, an error line, Cancel and Confirm. */
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface DialogFrameProps {
  title: string;
  onClose(): void;
  onConfirm(): void;
  /** Confirm stays disabled until the form is complete and differs from what is stored. */
  canConfirm: boolean;
  busy: boolean;
  /** The server's refusal, shown in red inside the dialog. */
  error?: string | null;
  confirmLabel?: string;
  danger?: boolean;
  testId: string;
  children: ReactNode;
}

export function DialogFrame(props: DialogFrameProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.canConfirm && !props.busy) props.onConfirm();
  };
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered size="lg" data-testid={props.testId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {props.children}
          {props.error && (
            <Text c="red" size="sm" role="alert" data-testid="dialog-error">
              {props.error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} data-testid="dialog-cancel">
              {t("confirm.cancel")}
            </Button>
            <Button
              type="submit"
              color={props.danger ? "red" : undefined}
              disabled={!props.canConfirm}
              loading={props.busy}
              data-testid="dialog-confirm"
            >
              {props.confirmLabel ?? t("confirm.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
