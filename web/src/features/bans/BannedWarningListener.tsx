/**
 * The player's side of a ban (spec/2-staff-ticket-work.md §8): banned_warning on the player's socket opens the ban
 * dialog at once (status, message and, unless until is -1, 'Ban Until'), wherever they are.
 */
import { useEffect } from "react";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { showBanError } from "../../ui/errorDialogStore.ts";

export function BannedWarningListener() {
  const { socket } = useSocket();
  const { isStaff } = useSession();
  useEffect(() => {
    if (!socket || isStaff) return;
    socket.on("banned_warning", showBanError);
    return () => {
      socket.off("banned_warning", showBanError);
    };
  }, [socket, isStaff]);
  return null;
}
