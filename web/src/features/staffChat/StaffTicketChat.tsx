/**
 * The chat on the staff ticket page (spec/2-staff-ticket-work.md §2, §4, §6): the one ChatPanel with the staff
 * audience (staffChat/audience.ts): system lines that name the people and categories in them,
 * Reply and the reply box off while the ticket's category no longer exists, and Send and resolve /
 * Send and close off once the ticket has ended.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { ChatPanel } from "../chat/ChatPanel.tsx";
import { ReplyBox, type SendKind } from "../chat/ReplyBox.tsx";
import { useTicketChat } from "../chat/useTicketChat.ts";
import { useCategories } from "../tickets/api.ts";
import { categoryTitle, isTicketEnded } from "../tickets/ticketDisplay.ts";
import { useDeletedCategories, useStaffDirectory } from "./api.ts";
import { staffChat } from "./audience.ts";
import { StaffSystemLine, type SystemLineNames } from "./StaffSystemLine.tsx";

export type { SendKind };

export interface StaffTicketChatProps {
  ticket: StaffTicket;
  /**
   * Asked before a message goes out: the page shows the submit warnings and, for a plain reply
   * on an ended ticket, the reopen modal. false cancels the send.
   */
  onBeforeSend: (kind: SendKind) => Promise<boolean>;
  /** After the message was stored: for resolve / close the page completes the ticket. */
  onAfterSend: (kind: SendKind) => Promise<void>;
  /** Text to put into the reply box (a picked quick reply); a new object each time. */
  insert: { text: string } | null;
}

export function StaffTicketChat({ ticket, onBeforeSend, onAfterSend, insert }: StaffTicketChatProps) {
  const { t, i18n } = useTranslation("staffChat");
  const chatId = ticket.chat_id;
  const live = useTicketChat(chatId, staffChat);
  const categories = useCategories();
  const deletedCategories = useDeletedCategories();
  const directory = useStaffDirectory();
  // While the list loads the category counts as present; a deleted one turns the controls off.
  const categoryMissing = categories.isSuccess && !categories.data.some((c) => c.id === ticket.category);
  const chatUsers = live.chat.data?.users;

  const names = useMemo<SystemLineNames>(() => {
    const people = new Map<number, string>();
    for (const u of chatUsers ?? []) people.set(u.id, u.name);
    for (const d of directory.data ?? []) people.set(d.id, d.name);
    const titles = new Map<number, string>();
    for (const c of [...(deletedCategories.data ?? []), ...(categories.data ?? [])])
      titles.set(c.id, categoryTitle(c, i18n.language));
    return {
      // No sentence names a missing person: an unassignment has a sentence of its own.
      person: (id) => (id === null ? "—" : (people.get(id) ?? `#${id}`)),
      category: (id) => (id === null ? "—" : (titles.get(id) ?? `#${id}`)),
    };
  }, [chatUsers, directory.data, categories.data, deletedCategories.data, i18n.language]);

  return (
    <ChatPanel
      audience={staffChat}
      chatId={chatId}
      live={live}
      canReply={!categoryMissing}
      systemLine={(message) => <StaffSystemLine message={message} names={names} />}
      composer={(hooks) => (
        <ReplyBox
          audience={staffChat}
          chatId={chatId}
          {...hooks}
          disabledReason={categoryMissing ? t("chat.category_missing") : null}
          insert={insert}
          completingSends={{ disabled: isTicketEnded(ticket.status) }}
          onBeforeSend={onBeforeSend}
          onAfterSend={onAfterSend}
        />
      )}
    />
  );
}
