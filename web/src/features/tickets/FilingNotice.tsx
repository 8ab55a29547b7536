/**
 * Why the member cannot file now, shown at the top of the create page before
 * anything is typed: the ban and its end, the active-ticket cap and what ends it, or the rate.
 * The submit call still refuses on its own; this only spares the player a wasted form.
 */
import { Alert, Text } from "@mantine/core";
import { IconBan, IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isolate } from "../../ui/bidi.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import type { FilingStatus } from "./api.ts";

export function FilingNotice({ filing }: { filing: FilingStatus }) {
  const { t } = useTranslation("edit");
  if (filing.state === "open" || filing.state === "no_character") return null;
  const banned = filing.state === "banned";
  return (
    <Alert
      color={banned ? "red" : "yellow"}
      variant="light"
      icon={banned ? <IconBan size={18} /> : <IconInfoCircle size={18} />}
      title={t("create_ticket.cannot_file_title")}
      role="alert"
      mb="md"
      data-testid="filing-notice"
      data-state={filing.state}
    >
      {banned && (
        <Text size="sm">
          {filing.banned_until === -1
            ? t("create_ticket.banned_indefinitely")
            : t("create_ticket.banned_until", { date: isolate(formatDateTime(filing.banned_until)) })}
        </Text>
      )}
      {filing.state === "active_cap" && (
        <>
          <Text size="sm">
            {t("create_ticket.cap_reached", { count: filing.active_tickets, cap: filing.active_cap })}
          </Text>
          <Text size="sm" mt={4}>
            {t("create_ticket.cap_how")}
          </Text>
        </>
      )}
      {filing.state === "rate_limited" && <Text size="sm">{t("create_ticket.rate_limited")}</Text>}
    </Alert>
  );
}
