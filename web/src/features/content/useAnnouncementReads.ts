/**
 * Read receipts of player announcements (spec/1-product-frame.md §7): once a signed-in user has seen an item, the
 * socket gets `announcement_read` for it, once, and the cached list marks it read at once.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { type Announcement, activeAnnouncementsKey } from "./api.ts";

export function useAnnouncementReads(): ((item: Pick<Announcement, "id" | "read">) => void) | undefined {
  const { user } = useSession();
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const sent = useRef(new Set<number>());
  const userId = user?.id ?? null;

  const markSeen = useCallback(
    (item: Pick<Announcement, "id" | "read">) => {
      if (!socket || userId === null || item.read || sent.current.has(item.id)) return;
      sent.current.add(item.id);
      socket.emit("announcement_read", { announcement_id: item.id }, (answer) => {
        if (!answer.ok) console.warn("announcement_read was refused", item.id, answer.error);
      });
      queryClient.setQueryData<Announcement[]>(activeAnnouncementsKey(userId), (list) =>
        list?.map((entry) => (entry.id === item.id ? { ...entry, read: true } : entry)),
      );
    },
    [socket, userId, queryClient],
  );

  return userId === null || !socket ? undefined : markSeen;
}
