/**
 * The player's chat on their ticket page (spec/1-product-frame.md §2, §4): the one ChatPanel with the player's
 * audience; the reply box goes once the ticket has ended, and each line or ping reads the ticket
 * again (players get no ticket events of their own).
 */
import { Alert } from "@mantine/core";
import { IconCircleCheck, IconLock } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ticketKeys } from "../tickets/api.ts";
import { playerChat } from "./audience.ts";
import { ChatPanel } from "./ChatPanel.tsx";
import { PlayerSystemLine } from "./PlayerSystemLine.tsx";
import { ReplyBox } from "./ReplyBox.tsx";
import { useTicketChat } from "./useTicketChat.ts";

interface PlayerTicketChatProps {
  chatId: string;
  ticketId: number;
  ended: boolean;
  /** An ended ticket that was resolved, not closed: its note says so. */
  resolved?: boolean;
}

export function PlayerTicketChat({ chatId, ticketId, ended, resolved = false }: PlayerTicketChatProps) {
  const { t } = useTranslation("edit");
  const queryClient = useQueryClient();
  const onTicketChange = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(ticketId) }),
    [queryClient, ticketId],
  );
  const live = useTicketChat(chatId, playerChat, { onTicketChange });
  return (
    <ChatPanel
      audience={playerChat}
      chatId={chatId}
      live={live}
      canReply={!ended}
      systemLine={(message) => <PlayerSystemLine message={message} />}
      composer={(hooks) =>
        ended ? (
          <Alert
            color={resolved ? "green" : "gray"}
            variant="light"
            icon={resolved ? <IconCircleCheck size={18} /> : <IconLock size={18} />}
            data-testid="chat-ended"
          >
            {t(resolved ? "chat.ended_resolved" : "chat.ended")}
          </Alert>
        ) : (
          <ReplyBox audience={playerChat} chatId={chatId} {...hooks} />
        )
      }
    />
  );
}
