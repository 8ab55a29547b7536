/**
 * Create ticket (spec/1-product-frame.md §2, §5, §8): category, server, the member's character on that server,
 * the violator's name where the category asks for it, subject, description, up to five files and
 * the human check. A member without characters gets the spec's sentence instead of the form; a
 * banned or capped member reads why at once, above a disabled form with no bot check to solve
 *.
 */
import { Alert, Paper, Select, Stack } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { usePublicConfig } from "../../api/config.ts";
import type { AltchaHandle } from "../../components/AltchaWidget.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useFileSelection } from "../../features/tickets/AttachmentPicker.tsx";
import { submitMemberTicket, useFilingStatus, useMember } from "../../features/tickets/api.ts";
import { FilingNotice } from "../../features/tickets/FilingNotice.tsx";
import { handleRefusedSubmission } from "../../features/tickets/submitErrors.ts";
import { TicketFormFields, useTicketDraft } from "../../features/tickets/TicketFormFields.tsx";
import { TicketSubmitFooter } from "../../features/tickets/TicketSubmitFooter.tsx";
import { PageLoader } from "../../ui/Loaders.tsx";

export default function CreateTicketPage() {
  const { t } = useTranslation("edit");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const member = useMember();
  const filing = useFilingStatus();
  const config = usePublicConfig();
  const captchaOn = config.data?.captcha !== "off";
  const widget = useRef<AltchaHandle>(null);
  const [captchaToken, setCaptchaToken] = useState("");
  const [characterName, setCharacterName] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const draft = useTicketDraft();
  const files = useFileSelection();

  const characters = member.data?.characters ?? [];
  const characterOptions = useMemo(
    () =>
      characters
        .filter((c) => String(c.server_id) === draft.draft.server)
        .map((c) => ({ value: c.characterName, label: `${c.characterName} (${c.characterLevel})` })),
    [characters, draft.draft.server],
  );

  const header = <PageHeader title={t("create_ticket.title")} subtitle={t("create_ticket.subtitle")} />;
  if (member.isPending || filing.isPending || draft.loading)
    return (
      <>
        {header}
        <Paper withBorder radius="md" p="xl" pos="relative" mih={240}>
          <PageLoader />
        </Paper>
      </>
    );
  if (member.error || filing.error || draft.error) {
    return (
      <>
        {header}
        <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />}>
          {t("create_ticket.load_failed")}
        </Alert>
      </>
    );
  }
  if (characters.length === 0) {
    return (
      <>
        {header}
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="no-characters">
          {t("create_ticket.no_characters")}
        </Alert>
      </>
    );
  }

  // Banned, at the cap or over the rate: the form stays visible but closed.
  const blocked = filing.data.state !== "open";
  // A character of another server no longer counts once the server changes.
  const character = characterOptions.some((o) => o.value === characterName) ? characterName : null;
  const ready = !blocked && draft.valid && character !== null && (!captchaOn || captchaToken !== "");
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || submitting || submitted) return;
    setSubmitting(true);
    try {
      const answer = await submitMemberTicket(
        { ...draft.fields, characterName: character ?? "", captchaToken: captchaOn ? captchaToken : "" },
        files.files,
      );
      setSubmitted(true);
      await queryClient.invalidateQueries({ queryKey: ["member-ticket-history"] });
      navigate(`/member/ticket/${answer.ticket.fetch_code}`);
    } catch (error) {
      handleRefusedSubmission(error, files, widget);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {header}
      <FilingNotice filing={filing.data} />
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TicketFormFields
            state={draft}
            disabled={submitting || blocked}
            afterServer={
              <Select
                label={t("create_ticket.character")}
                placeholder={
                  draft.draft.server === null
                    ? t("create_ticket.character_pick_server")
                    : characterOptions.length
                      ? t("create_ticket.character_placeholder")
                      : t("create_ticket.character_none_on_server")
                }
                data={characterOptions}
                value={character}
                onChange={setCharacterName}
                required
                allowDeselect={false}
                checkIconPosition="right"
                disabled={submitting || blocked || characterOptions.length === 0}
                data-testid="character-select"
              />
            }
          />
          <TicketSubmitFooter
            files={files}
            submitting={submitting}
            disabled={blocked}
            showCaptcha={captchaOn && config.isSuccess && !blocked}
            widget={widget}
            onCaptcha={setCaptchaToken}
            canSubmit={ready && !submitted}
          />
        </Stack>
      </Paper>
    </>
  );
}
