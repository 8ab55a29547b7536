/**
 * The yellow banner while the live connection is down (spec 1 §2, key connection_lost_reconnecting).
 * Its body (Mantine's Alert) comes with the deferred overlay chunk (ui/DeferredOverlays.tsx),
 * asked for at once if the banner is needed before it is in.
 */
import { useEffect } from "react";
import { overlays, useOverlays } from "../ui/DeferredOverlays.tsx";
import { useSocket } from "./SocketContext.ts";

export function ConnectionBanner() {
  const { state } = useSocket();
  const kit = useOverlays();
  const shown = state !== "connected";
  useEffect(() => {
    if (shown && !kit) overlays.load().catch((error: unknown) => console.error(error));
  }, [shown, kit]);
  if (!shown || !kit) return null;
  return <kit.ConnectionAlert lost={state === "lost"} />;
}
