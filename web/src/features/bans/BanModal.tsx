/**
 * The ban dialog (spec/2-staff-ticket-work.md §2, §5): a reason with its counter (limit 200, 'Input is too long.') and
 * a ban time, 7 days by default; Confirm needs both.
 */
import { Button, Group, Modal, Select, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BAN_DURATIONS, LIMITS } from "../../../../common/constants.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { LimitedTextarea } from "../tickets/LimitedInputs.tsx";
import { type BanTarget, banPlayer } from "./api.ts";

type DurationKey = keyof typeof BAN_DURATIONS;
const DURATION_KEYS = Object.keys(BAN_DURATIONS) as DurationKey[];

export function BanModal({
  ticket,
  opened,
  onClose,
  onBanned,
  testId = "ban-modal",
}: {
  /** The ticket the ban is given on. */
  ticket: BanTarget;
  opened: boolean;
  onClose: () => void;
  onBanned: () => void;
  /** Where a page has two ban dialogs, each has its own (a closed one stays in the page). */
  testId?: string;
}) {
  const { t } = useTranslation("bans");
  const [reason, setReason] = useState("");
  const [duration, setDuration] = useState<DurationKey | null>("7d");
  const [busy, setBusy] = useState(false);
  const trimmed = reason.trim();
  const valid = trimmed.length > 0 && reason.length <= LIMITS.banReason && duration !== null;

  const close = () => {
    setReason("");
    setDuration("7d");
    onClose();
  };

  const confirm = async () => {
    if (!valid || duration === null) return;
    setBusy(true);
    try {
      await banPlayer(ticket, trimmed, BAN_DURATIONS[duration]);
      close();
      onBanned();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t("title")} centered data-testid={testId}>
      <Stack>
        <LimitedTextarea
          label={t("reason")}
          placeholder={t("reason_placeholder")}
          value={reason}
          limit={LIMITS.banReason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={3}
          required
          data-testid="ban-reason"
        />
        <Select
          label={t("duration")}
          data={DURATION_KEYS.map((key) => ({ value: key, label: t(`durations.${key}`) }))}
          value={duration}
          onChange={(value) => setDuration(value as DurationKey | null)}
          allowDeselect={false}
          required
          data-testid="ban-duration"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("cancel")}
          </Button>
          <Button color="red" onClick={confirm} disabled={!valid} loading={busy} data-testid="ban-confirm">
            {t("confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
