/**
 * The end of both ticket forms (member and account-less): attachments, the human check and the
 * submit button, enabled only when the form is valid and not just submitted.
 */
import { Button, Group } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { type AltchaHandle, AltchaWidget } from "../../components/AltchaWidget.tsx";
import { AttachmentPicker, type FileSelection } from "./AttachmentPicker.tsx";

interface TicketSubmitFooterProps {
  files: FileSelection;
  submitting: boolean;
  /** The member may not file now: nothing to pick, nothing to send. */
  disabled?: boolean;
  /** False when the server runs without the bot check, or its config has not loaded yet. */
  showCaptcha: boolean;
  widget: Ref<AltchaHandle>;
  onCaptcha(token: string): void;
  canSubmit: boolean;
}

export function TicketSubmitFooter({
  files,
  submitting,
  disabled = false,
  showCaptcha,
  widget,
  onCaptcha,
  canSubmit,
}: TicketSubmitFooterProps) {
  const { t } = useTranslation("edit");
  return (
    <>
      <AttachmentPicker selection={files} disabled={submitting || disabled} />
      {showCaptcha && <AltchaWidget ref={widget} onChange={onCaptcha} />}
      <Group justify="flex-end">
        <Button
          type="submit"
          size="md"
          leftSection={<IconSend size={18} />}
          loading={submitting}
          disabled={!canSubmit}
          data-testid="submit-ticket"
        >
          {t("create_ticket.submit")}
        </Button>
      </Group>
    </>
  );
}
