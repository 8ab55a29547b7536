/**
 * What a new notification does in the staff shell (spec/2-staff-ticket-work.md §2, §6, §9): a toast for 5 seconds, a
 * sound when notification_sound_on, a browser notification when granted and
 * enable_desktop_notifications; the lists refetch. Browser permission is asked once per user
 * after sign-in. The unread count is asked for on every (re)connection.
 */
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { TIMING } from "../../../../common/constants.ts";
import type { Notification } from "../../../../common/schemas/chatList.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { usePreferences } from "../account/api.ts";
import { notificationKeys } from "./api.ts";
import { notificationPath, notificationText } from "./NotificationItem.tsx";
import { playNotificationSound } from "./sounds.ts";

const ASKED_KEY = "hd-browser-notifications-asked";

function askBrowserPermissionOnce(userId: number): void {
  if (typeof Notification === "undefined" || Notification.permission !== "default") return;
  const key = `${ASKED_KEY}:${userId}`;
  if (localStorage.getItem(key)) return;
  localStorage.setItem(key, "1");
  Notification.requestPermission().catch((error: unknown) => console.error("notification permission failed", error));
}

export function useNotificationAlerts(): void {
  const { t } = useTranslation("notifications");
  const { user, isStaff } = useSession();
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preferences = usePreferences();
  const prefs = useRef(preferences.data);
  prefs.current = preferences.data;

  useEffect(() => {
    if (isStaff && user) askBrowserPermissionOnce(user.id);
  }, [isStaff, user]);

  useEffect(() => {
    if (!socket || !isStaff) return;
    const askCount = () => socket.emit("get_number_of_notifications", {});
    const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const onNotification = (n: Notification) => {
      refetch();
      const text = notificationText(t, n);
      notifications.show({
        title: t(`types.${n.type}`),
        message: text,
        autoClose: TIMING.notificationToastMs,
        color: n.type === "new_message" ? "blue" : "violet",
        onClick: () => navigate(notificationPath(n)),
        style: { cursor: "pointer" },
        "data-testid": "notification-toast",
      });
      const p = prefs.current;
      if (p?.notification_sound_on) playNotificationSound(n.type);
      if (
        (p?.enable_desktop_notifications ?? true) &&
        typeof Notification !== "undefined" &&
        Notification.permission === "granted"
      ) {
        try {
          const shown = new Notification(t("browser_title"), { body: text, tag: `notification-${n.id}` });
          shown.onclick = () => {
            window.focus();
            navigate(notificationPath(n));
          };
        } catch (error) {
          console.error("browser notification failed", error);
        }
      }
    };
    socket.on("connect", askCount);
    socket.on("new_notification", onNotification);
    socket.on("mark_all_read", refetch);
    // A visit elsewhere (another tab) read some: the lists follow the count.
    socket.on("number_notifications", refetch);
    if (socket.connected) askCount();
    return () => {
      socket.off("connect", askCount);
      socket.off("new_notification", onNotification);
      socket.off("mark_all_read", refetch);
      socket.off("number_notifications", refetch);
    };
  }, [socket, isStaff, queryClient, t, navigate]);
}
