/**
 * The server-capacity warning (spec/3-staff-administration.md §2.1): shown when the server status says so, naming each
 * measure past its threshold (docs/decisions/dashboard.md).
 */
import { Alert, List } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { CapacityWarning, ServerStats } from "../../../../common/schemas/stats.ts";
import { intlLocale } from "../../ui/intlLocale.ts";
import { useServerStatus } from "./api.ts";

function formatBytes(bytes: number, language: string): string {
  const units = ["B", "KB", "MB", "GB", "TB", "PB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString(intlLocale(language), { maximumFractionDigits: 1 })} ${units[unit]}`;
}

function values(warning: CapacityWarning, stats: ServerStats, language: string): Record<string, string | number> {
  switch (warning) {
    case "upload_disk_low":
      return { free: formatBytes(stats.upload_disk_free_bytes, language) };
    case "database_disk_low":
      return { free: formatBytes(stats.database_disk_free_bytes ?? 0, language) };
    case "database_large":
      return { size: formatBytes(stats.database_size_bytes, language) };
    case "sockets_high":
      return { count: stats.sockets };
    case "event_loop_slow":
      return { ms: stats.event_loop_delay_ms };
  }
}

export function ServerCapacityWarning() {
  const { t, i18n } = useTranslation("dashboard");
  const status = useServerStatus();
  const stats = status.data?.server_stats;
  if (!stats?.show_warning) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={t("capacity.title")}
      data-testid="capacity-warning"
    >
      <List size="sm" spacing={2}>
        {stats.warnings.map((w) => (
          <List.Item key={w}>{t(`capacity.${w}`, values(w, stats, i18n.language))}</List.Item>
        ))}
        <List.Item>{t("capacity.capacity", { percent: stats.capacity })}</List.Item>
      </List>
    </Alert>
  );
}
