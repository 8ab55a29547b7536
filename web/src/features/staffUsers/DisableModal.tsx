/**
 * Disable an employee (spec/3-staff-administration.md §4): until 19:00 UTC+3 on a chosen date (earliest today, or
 * tomorrow from 19:00 there; up to five years ahead) or indefinitely. The dates follow the
 * server's business time zone (public config), so the picker offers exactly what the server takes.
 */
import { Radio, Stack, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type CalendarDate,
  earliestDisableDate,
  formatDisableDate,
  latestDisableDate,
} from "../../../../common/disableDate.ts";
import { DISABLE_INDEFINITE } from "../../../../common/schemas/staffUsers.ts";
import { usePublicConfig } from "../../api/config.ts";
import { LocalizedDates } from "../../ui/LocalizedDates.tsx";
import { disableUser, type Employee } from "./api.ts";
import { DialogFrame } from "./DialogFrame.tsx";
import { useDialogSubmit } from "./useDialogSubmit.ts";

const FALLBACK_ZONE = "Europe/Istanbul";

/** YYYY-MM-DD, the picker's own value format. */
const iso = (d: CalendarDate) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

function fromIso(value: string): CalendarDate {
  const [year, month, day] = value.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

export function DisableModal({ employee, onClose }: { employee: Employee; onClose(): void }) {
  const { t } = useTranslation("users");
  const zone = usePublicConfig().data?.businessTimezone ?? FALLBACK_ZONE;
  const now = Math.floor(Date.now() / 1000);
  const earliest = iso(earliestDisableDate(zone, now));
  const latest = iso(latestDisableDate(zone, now));
  const [mode, setMode] = useState<"date" | "indefinite">("date");
  const [date, setDate] = useState<string | null>(earliest);
  const { busy, run } = useDialogSubmit(onClose);
  const wire = mode === "indefinite" ? DISABLE_INDEFINITE : date ? formatDisableDate(fromIso(date)) : null;
  return (
    <DialogFrame
      title={t("disable.title", { name: employee.name })}
      onClose={onClose}
      onConfirm={() => wire && void run(() => disableUser(employee.id, wire))}
      canConfirm={wire !== null}
      busy={busy}
      danger
      testId="disable-dialog"
    >
      <Text size="sm" c="dimmed">
        {t("disable.hint")}
      </Text>
      <Radio.Group value={mode} onChange={(next) => setMode(next as "date" | "indefinite")}>
        <Stack gap="xs">
          <Radio value="date" label={t("disable.until_date")} data-testid="disable-mode-date" />
          <Radio value="indefinite" label={t("disable.indefinite")} data-testid="disable-mode-indefinite" />
        </Stack>
      </Radio.Group>
      {mode === "date" && (
        <LocalizedDates>
          <DatePickerInput
            label={t("disable.date")}
            value={date}
            onChange={setDate}
            minDate={earliest}
            maxDate={latest}
            valueFormat="DD.MM.YYYY"
            popoverProps={{ withinPortal: true }}
            data-testid="disable-date"
          />
        </LocalizedDates>
      )}
    </DialogFrame>
  );
}
