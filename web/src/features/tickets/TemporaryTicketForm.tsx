/**
 * A visitor files a ticket without an account (spec/1-product-frame.md §1): e-mail and name, then the same
 * fields, files and human check as a member's ticket. The answer is the ticket id and the
 * private ticket_info link.
 */
import { SimpleGrid, Stack } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../../common/constants.ts";
import { usePublicConfig } from "../../api/config.ts";
import type { AltchaHandle } from "../../components/AltchaWidget.tsx";
import { useFileSelection } from "./AttachmentPicker.tsx";
import { submitTemporaryTicket } from "./api.ts";
import { LimitedTextInput } from "./LimitedInputs.tsx";
import { handleRefusedSubmission } from "./submitErrors.ts";
import { TicketFormFields, useTicketDraft } from "./TicketFormFields.tsx";
import { TicketSubmitFooter } from "./TicketSubmitFooter.tsx";

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface FiledTicket {
  ticketId: number;
  /** The reference the visitor is shown and keeps (the ticket number). */
  ticketNumber: number;
  ticketInfo: string;
}

export function TemporaryTicketForm({ onFiled }: { onFiled(ticket: FiledTicket): void }) {
  const { t } = useTranslation("edit");
  const config = usePublicConfig();
  const captchaOn = config.data?.captcha !== "off";
  const widget = useRef<AltchaHandle>(null);
  const [captchaToken, setCaptchaToken] = useState("");
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const draft = useTicketDraft();
  const files = useFileSelection();

  const emailValid = EMAIL_FORMAT.test(email.trim()) && email.length <= LIMITS.profileEmail;
  const nameValid = name.trim().length > 0 && name.length <= LIMITS.profileName;
  const ready = draft.valid && emailValid && nameValid && (!captchaOn || captchaToken !== "");

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || submitting || submitted) return;
    setSubmitting(true);
    try {
      const answer = await submitTemporaryTicket(
        { ...draft.fields, email: email.trim(), name: name.trim(), captchaToken: captchaOn ? captchaToken : "" },
        files.files,
      );
      setSubmitted(true);
      onFiled({ ticketId: answer.ticket_id, ticketNumber: answer.ticket_number, ticketInfo: answer.ticket_info });
    } catch (error) {
      handleRefusedSubmission(error, files, widget);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="temporary-ticket-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LimitedTextInput
            label={t("temporary.email")}
            description={t("temporary.email_hint")}
            placeholder="you@example.com"
            type="email"
            autoComplete="email"
            value={email}
            limit={LIMITS.profileEmail}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
            disabled={submitting}
          />
          <LimitedTextInput
            label={t("temporary.name")}
            autoComplete="name"
            value={name}
            limit={LIMITS.profileName}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            disabled={submitting}
          />
        </SimpleGrid>
        <TicketFormFields state={draft} disabled={submitting} />
        <TicketSubmitFooter
          files={files}
          submitting={submitting}
          showCaptcha={captchaOn && config.isSuccess}
          widget={widget}
          onCaptcha={setCaptchaToken}
          canSubmit={ready && !submitted}
        />
      </Stack>
    </form>
  );
}
