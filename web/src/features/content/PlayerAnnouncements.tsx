/**
 * The player-facing announcements (landing and member home): the active, in-window list from the
 * server in the shared panel, with read receipts for signed-in users. Visitors have no read state,
 * so for them only recent items (started less than a day ago) are highlighted.
 */
import { Skeleton } from "@mantine/core";
import type { ReactNode } from "react";
import { useSession } from "../../session/SessionContext.ts";
import { AnnouncementsPanel, type PanelAnnouncement } from "./AnnouncementsPanel.tsx";
import { isRecentAnnouncement } from "./announcementCarousel.ts";
import { useActiveAnnouncements } from "./api.ts";
import { useAnnouncementReads } from "./useAnnouncementReads.ts";

const recentOnly = (item: PanelAnnouncement) => isRecentAnnouncement(item);

export function PlayerAnnouncements({ title }: { title?: ReactNode } = {}) {
  const { user } = useSession();
  const query = useActiveAnnouncements(user?.id ?? null);
  const markSeen = useAnnouncementReads();
  if (query.isPending) return <Skeleton height={218} radius="md" data-testid="announcements-loading" />;
  return (
    <AnnouncementsPanel
      announcements={query.data ?? []}
      onSeen={markSeen}
      isHighlighted={user ? undefined : recentOnly}
      title={title}
    />
  );
}
