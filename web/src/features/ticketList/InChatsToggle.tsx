/**
 * The in-chats toggle of a list row (spec/2-staff-ticket-work.md §4): on adds the ticket to the staff member's chat
 * list, off removes it; a pinned ticket is removed only after the "remove pinned ticket"
 * confirmation. Failures of add and remove are only logged (spec/2-staff-ticket-work.md §8); the switch then shows the
 * server's state again.
 */
import { Switch, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { openConfirmModal } from "../../ui/DeferredHosts.tsx";
import { addTicketToChat, chatListKeys, isPinnedTicket, removeTicketFromChat } from "../chatList/api.ts";

function confirmRemovePinned(title: string, message: string, confirm: string, cancel: string): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    void openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm, cancel },
      confirmProps: { color: "red", "data-testid": "remove-pinned-confirm" },
      cancelProps: { "data-testid": "remove-pinned-cancel" },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

interface InChatsToggleProps {
  ticketId: number;
  /** Whether the ticket is in the chat list; undefined while the list is loading. */
  active: boolean | undefined;
}

export function InChatsToggle({ ticketId, active }: InChatsToggleProps) {
  const { t } = useTranslation("ticketList");
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const setCached = (on: boolean) =>
    queryClient.setQueryData<number[]>(chatListKeys.ids, (ids = []) =>
      on ? [...new Set([...ids, ticketId])] : ids.filter((id) => id !== ticketId),
    );

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) await addTicketToChat(ticketId);
      else {
        const pinned = await isPinnedTicket(ticketId);
        const ok =
          !pinned ||
          (await confirmRemovePinned(
            t("pinned.title"),
            t("pinned.message"),
            t("pinned.confirm"),
            t("common:confirm.cancel"),
          ));
        if (!ok) return;
        await removeTicketFromChat(ticketId);
      }
      setCached(on);
    } catch (error) {
      console.error("The chat list could not be changed", error);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: chatListKeys.ids });
    }
  };

  return (
    <Switch
      size="sm"
      checked={active ?? false}
      disabled={active === undefined || busy}
      onChange={(event) => void toggle(event.currentTarget.checked)}
      aria-label={t(active ? "in_chats.remove" : "in_chats.add")}
      data-testid="in-chats-toggle"
    />
  );
}
