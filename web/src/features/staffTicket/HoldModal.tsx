/**
 * Put on hold (spec/2-staff-ticket-work.md §4) with a wake-up time (docs/decisions/tickets.md): in
 * an hour, tomorrow or next Monday at 09:00 in the business time zone, a date and time of one's
 * own (a picker in the interface language), or no time, as before. When the time comes the
 * server hands the ticket back to its assignee.
 */
import { Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { DatesProvider, DateTimePicker } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HOLD_PRESETS, type HoldPreset, holdPresetTime } from "../../../../common/holdTimes.ts";
import { usePublicConfig } from "../../api/config.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { useDatesLocale } from "../../ui/useDatesLocale.ts";

type Choice = HoldPreset | "custom" | "none";

const FALLBACK_ZONE = "UTC";
const YEAR_MS = 365 * 86_400_000;

/** The picker's value ("YYYY-MM-DD HH:mm:ss", the browser's local time) as epoch seconds. */
function pickedSeconds(value: string | null): number | null {
  if (!value) return null;
  const ms = new Date(value.replace(" ", "T")).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

interface HoldModalProps {
  opened: boolean;
  onCancel(): void;
  onHold(holdUntil: number | null): Promise<void>;
  /** What the dialog asks instead of the single ticket's question (the list's bulk action). */
  text?: string;
}

export function HoldModal({ opened, onCancel, onHold, text }: HoldModalProps) {
  const { t } = useTranslation("ticketPage");
  const zone = usePublicConfig().data?.businessTimezone ?? FALLBACK_ZONE;
  const datesLocale = useDatesLocale();
  const [choice, setChoice] = useState<Choice>("none");
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Read at each render: what the dialog shows is what a click sends.
  const now = Math.floor(Date.now() / 1000);
  const presets = Object.fromEntries(HOLD_PRESETS.map((p) => [p, holdPresetTime(p, zone, now)])) as Record<
    HoldPreset,
    number
  >;
  const holdUntil = choice === "none" ? null : choice === "custom" ? pickedSeconds(picked) : (presets[choice] ?? null);
  const ready = choice === "none" || holdUntil !== null;

  const confirm = async () => {
    setBusy(true);
    try {
      await onHold(holdUntil);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onCancel} title={t("hold.title")} centered data-testid="hold-modal">
      <Stack>
        <Text size="sm">{text ?? t("hold.text")}</Text>
        <Radio.Group value={choice} onChange={(next) => setChoice(next as Choice)} label={t("hold.wake_label")}>
          <Stack gap="xs" mt="xs">
            {HOLD_PRESETS.map((preset) => (
              <Radio
                key={preset}
                value={preset}
                data-testid={`hold-choice-${preset}`}
                label={
                  <>
                    {t(`hold.preset.${preset}`)}{" "}
                    <Text span size="xs" c="dimmed" dir="ltr">
                      {formatDateTime(presets[preset])}
                    </Text>
                  </>
                }
              />
            ))}
            <Radio value="custom" label={t("hold.preset.custom")} data-testid="hold-choice-custom" />
            <Radio value="none" label={t("hold.preset.none")} data-testid="hold-choice-none" />
          </Stack>
        </Radio.Group>
        {choice === "custom" && (
          <DatesProvider settings={{ locale: datesLocale }}>
            <DateTimePicker
              label={t("hold.pick_label")}
              value={picked}
              onChange={setPicked}
              minDate={new Date()}
              maxDate={new Date(Date.now() + YEAR_MS)}
              valueFormat="DD.MM.YYYY HH:mm"
              popoverProps={{ withinPortal: true }}
              data-testid="hold-pick"
            />
          </DatesProvider>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t("cancel")}
          </Button>
          <Button onClick={confirm} loading={busy} disabled={!ready} color="orange" data-testid="hold-modal-confirm">
            {t("hold.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
