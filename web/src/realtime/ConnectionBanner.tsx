/** The yellow banner while the live connection is down (spec 1 §2, key connection_lost_reconnecting). */
import { Alert } from "@mantine/core";
import { IconPlugConnectedX, IconWifiOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSocket } from "./SocketContext.ts";

export function ConnectionBanner() {
  const { t } = useTranslation();
  const { state } = useSocket();
  if (state === "connected") return null;
  const lost = state === "lost";
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
