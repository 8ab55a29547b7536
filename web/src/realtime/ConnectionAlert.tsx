/** The connection banner's body: part of the deferred overlay chunk (ConnectionBanner.tsx, ui/overlayKit.ts). */
import { Alert } from "@mantine/core";
import { IconPlugConnectedX, IconWifiOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export function ConnectionAlert({ lost }: { lost: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      data-testid="connection-banner"
      color="yellow"
      variant="filled"
      radius={0}
      py={6}
      icon={lost ? <IconPlugConnectedX size={18} /> : <IconWifiOff size={18} />}
      role="status"
      styles={{ message: { fontWeight: 600 } }}
    >
      {lost ? t("connection_lost_reconnecting") : t("no_connection")}
    </Alert>
  );
}
