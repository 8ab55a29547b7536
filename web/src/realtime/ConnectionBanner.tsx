/**
 * The yellow banner while the live connection is down (spec/1-product-frame.md §2, key connection_lost_reconnecting).
 * Its body (Mantine's Alert) comes with the deferred overlay chunk (ui/DeferredOverlays.tsx),
 * asked for at once if the banner is needed before it is in. That chunk is fetched from the server
 * which may be the very thing that is down, so until it is in the banner is drawn plainly, with the
 * same words and the theme's colours: a page whose server went away before its idle moment still
 * says so.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { overlays, useOverlays } from "../ui/DeferredOverlays.tsx";
import { useSocket } from "./SocketContext.ts";

export function ConnectionBanner() {
  const { state } = useSocket();
  const kit = useOverlays();
  const shown = state !== "connected";
  useEffect(() => {
    if (shown && !kit) overlays.load().catch((error: unknown) => console.error(error));
  }, [shown, kit]);
  if (!shown) return null;
  const lost = state === "lost";
  if (!kit) return <PlainConnectionAlert lost={lost} />;
  return <kit.ConnectionAlert lost={lost} />;
}

/** The banner without the overlay chunk: the Alert's filled yellow, its words, no icon. */
function PlainConnectionAlert({ lost }: { lost: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="connection-banner"
      role="status"
      style={{
        background: "var(--mantine-color-yellow-filled)",
        color: "var(--mantine-color-white)",
        fontWeight: 600,
        fontSize: "var(--mantine-font-size-sm)",
        padding: "6px var(--mantine-spacing-md)",
      }}
    >
      {lost ? t("connection_lost_reconnecting") : t("no_connection")}
    </div>
  );
}
