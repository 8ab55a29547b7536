/**
 * Reply signals for a player wherever they are: the unread total of their
 * own tickets prefixes the tab title ("[n] ", as on the staff pages), each `player_ticket_signal`
 * updates home and history at once (then reads them again, for the order), and a staff reply on
 * a ticket that is not open on this page raises a toast with a link to it. Renders nothing.
 */
import { Anchor, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { encodeTicketInfo } from "../../../../common/ticket-code.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useReadAgainOnReconnect } from "../../realtime/useReadAgainOnReconnect.ts";
import { useSession } from "../../session/SessionContext.ts";
import { unreadNotificationsStore } from "../../ui/usePageTitle.ts";
import type { TicketHistoryPage } from "../tickets/api.ts";
import { ticketReference } from "../tickets/TicketReference.tsx";
import {
  applySignal,
  fetchPlayerUnread,
  type PlayerListTicket,
  type PlayerTicketSignalEvent,
  patchRow,
  signalKeys,
} from "./api.ts";
import { openTicketStore } from "./openTicket.ts";

function patchLists(queryClient: QueryClient, signal: PlayerTicketSignalEvent): void {
  queryClient.setQueriesData<TicketHistoryPage>({ queryKey: ["member-ticket-history"] }, (page) =>
    page ? { ...page, tickets: page.tickets.map((row) => patchRow(row, signal)) } : page,
  );
  queryClient.setQueryData<PlayerListTicket[]>(signalKeys.recent, (rows) => rows?.map((row) => patchRow(row, signal)));
  void queryClient.invalidateQueries({ queryKey: ["member-ticket-history"] });
  void queryClient.invalidateQueries({ queryKey: signalKeys.recent });
  void queryClient.invalidateQueries({ queryKey: ["player-ticket", signal.ticket_id] });
}

export function PlayerSignals() {
  const { t } = useTranslation("edit");
  const { user, isStaff, temp } = useSession();
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const enabled = user !== null && !isStaff;
  const unread = useQuery({ queryKey: signalKeys.unread, queryFn: fetchPlayerUnread, enabled, retry: false });
  const total = enabled ? (unread.data?.unread_total ?? 0) : 0;
  // Signals sent while the socket was away (or before it first connected) are not replayed: the
  // lists are read again (the counts, below, on every connect).
  useReadAgainOnReconnect(["member-ticket-history"], signalKeys.recent, ["player-ticket"]);

  useEffect(() => {
    if (!enabled) return;
    unreadNotificationsStore.set(total);
    return () => unreadNotificationsStore.set(0);
  }, [enabled, total]);

  useEffect(() => {
    if (!socket || !enabled || !user) return;
    const linkOf = (signal: PlayerTicketSignalEvent) =>
      temp
        ? `/ticket/${encodeTicketInfo({ ticketId: signal.ticket_id, email: user.email })}`
        : `/member/ticket/${signal.fetch_code}`;
    const toast = (signal: PlayerTicketSignalEvent) => {
      const id = `player-reply-${signal.ticket_id}`;
      const to = linkOf(signal);
      notifications.show({
        id,
        title: t("signals.toast_title"),
        color: "blue",
        position: "top-center",
        autoClose: 8000,
        message: (
          <Stack gap={2} data-testid="reply-toast">
            <Text size="sm">{t("signals.toast_text", { reference: ticketReference(signal.ticket_number) })}</Text>
            <Anchor
              href={to}
              size="sm"
              fw={600}
              data-testid="reply-toast-link"
              onClick={(event) => {
                event.preventDefault();
                notifications.hide(id);
                navigate(to);
              }}
            >
              {t("signals.toast_open")}
            </Anchor>
          </Stack>
        ),
      });
    };
    const onSignal = (signal: PlayerTicketSignalEvent) => {
      queryClient.setQueryData(signalKeys.unread, (current: Parameters<typeof applySignal>[0]) =>
        applySignal(current, signal),
      );
      patchLists(queryClient, signal);
      if (signal.reply && openTicketStore.get() !== signal.ticket_id) toast(signal);
    };
    // Signals sent while the socket was away are not replayed: read the counts again.
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: signalKeys.unread });
    socket.on("player_ticket_signal", onSignal);
    socket.on("connect", onConnect);
    return () => {
      socket.off("player_ticket_signal", onSignal);
      socket.off("connect", onConnect);
    };
  }, [socket, enabled, user, temp, queryClient, navigate, t]);

  return null;
}
