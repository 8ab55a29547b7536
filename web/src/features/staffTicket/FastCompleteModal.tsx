/**
 * Fast complete (spec/2-staff-ticket-work.md §4): Resolve or Close with a reason from the excuses of that action, or
 * Other with free text. A reason is required when the last message came from the player or from
 * another employee (the server checks it too).
 */
import { Alert, Button, Group, Modal, Radio, SegmentedControl, Stack, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../../common/constants.ts";
import { type FastAction, useExcuses } from "./api.ts";

const OTHER = "__other__";

interface Props {
  opened: boolean;
  required: boolean;
  onClose: () => void;
  onComplete: (action: FastAction, excuse: string) => Promise<void>;
  /** The action chosen when the dialog opens (Resolve unless given). */
  initialAction?: FastAction;
  /** What the notice says instead of the single ticket's sentence (the list's bulk action). */
  notice?: string;
}

export function FastCompleteModal({ opened, required, onClose, onComplete, initialAction, notice }: Props) {
  const { t } = useTranslation("ticketPage");
  const excuses = useExcuses();
  const [action, setAction] = useState<FastAction>(initialAction ?? "RESOLVED");
  const [choice, setChoice] = useState("");
  const [other, setOther] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setAction(initialAction ?? "RESOLVED");
      setChoice("");
      setOther("");
    }
  }, [opened, initialAction]);

  const reasons = excuses.data?.[action] ?? [];
  const excuse = choice === OTHER ? other.trim() : choice;
  const missing = (required && !excuse) || (choice === OTHER && !other.trim());
  const tooLong = other.length > LIMITS.defaultInput * 5;

  const submit = async () => {
    setBusy(true);
    try {
      await onComplete(action, excuse);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("complete.title")} centered data-testid="fast-complete-modal">
      <Stack>
        <SegmentedControl
          value={action}
          onChange={(v) => {
            setAction(v as FastAction);
            setChoice("");
          }}
          data={[
            { value: "RESOLVED", label: t("complete.resolve") },
            { value: "CLOSED", label: t("complete.close") },
          ]}
          data-testid="fast-complete-action"
        />
        <Alert color={required ? "yellow" : "gray"} variant="light">
          {notice ?? (required ? t("complete.reason_required") : t("complete.reason_optional"))}
        </Alert>
        <Radio.Group value={choice} onChange={setChoice} label={t("complete.reason")} withAsterisk={required}>
          <Stack gap="xs" mt="xs">
            {reasons.map((reason) => (
              <Radio key={reason} value={reason} label={reason} />
            ))}
            <Radio value={OTHER} label={t("complete.other")} data-testid="fast-complete-other" />
          </Stack>
        </Radio.Group>
        {choice === OTHER && (
          <Textarea
            label={t("complete.other_text")}
            value={other}
            onChange={(e) => setOther(e.currentTarget.value)}
            error={tooLong ? t("complete.too_long") : undefined}
            autosize
            minRows={2}
            data-testid="fast-complete-other-text"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button
            onClick={submit}
            disabled={missing || tooLong}
            loading={busy}
            color={action === "CLOSED" ? "gray" : "green"}
            data-testid="fast-complete-submit"
          >
            {action === "RESOLVED" ? t("complete.resolve") : t("complete.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
