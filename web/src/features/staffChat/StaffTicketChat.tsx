/**
 * The chat on the staff ticket page (spec/2-staff-ticket-work.md §2, §4, §6): the one ChatPanel with the staff
 * audience (staffChat/audience.ts): system lines that name the people and categories in them,
 * Reply and the reply box off while the ticket's category no longer exists, and Send and resolve /
 * Send and close off once the ticket has ended. The reply box offers the ticket's quick replies
 * by `/` and by its button. The panel fills its parent's height.
 */
import { type ReactNode, type Ref, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { ChatPanel } from "../chat/ChatPanel.tsx";
import { ReplyBox, type SendKind } from "../chat/ReplyBox.tsx";
import { useTicketChat } from "../chat/useTicketChat.ts";
import { useCategories } from "../tickets/api.ts";
import { categoryTitle, isTicketEnded } from "../tickets/ticketDisplay.ts";
import { useDeletedCategories, useStaffDirectory } from "./api.ts";
import { staffChat } from "./audience.ts";
import { QuickReplyButton } from "./QuickReplyButton.tsx";
import { QuickReplySlash } from "./QuickReplySlash.tsx";
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
  /** The panel's heading (the ticket's subject). */
  title: ReactNode;
  /** Before the first message (the ticket's description). */
  lead: ReactNode;
  /** The reply box's element, for the page to move the focus to it. */
  replyInputRef?: Ref<HTMLTextAreaElement>;
}

export function StaffTicketChat(props: StaffTicketChatProps) {
  const { ticket, onBeforeSend, onAfterSend, title, lead, replyInputRef } = props;
  const { t, i18n } = useTranslation("staffChat");
  const [insert, setInsert] = useState<{ text: string } | null>(null);
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
      title={title}
      lead={lead}
      fill
      systemLine={(message) => <StaffSystemLine message={message} names={names} />}
      composer={(hooks) => (
        <ReplyBox
          audience={staffChat}
          chatId={chatId}
          {...hooks}
          disabledReason={categoryMissing ? t("chat.category_missing") : null}
          insert={insert}
          inputRef={replyInputRef}
          assist={(control) => <QuickReplySlash category={ticket.category} control={control} />}
          tools={<QuickReplyButton category={ticket.category} onPick={(text) => setInsert({ text })} />}
          completingSends={{ disabled: isTicketEnded(ticket.status) }}
          onBeforeSend={onBeforeSend}
          onAfterSend={onAfterSend}
        />
      )}
    />
  );
}
