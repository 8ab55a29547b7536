/**
 * Employee and player announcements on the dashboard (spec/3-staff-administration.md §2.1), for staff with
 * announcement:view: the live ones of each kind in the shared panel (dots, rotation, fade, swipe,
 * fitting text, 'No new announcements'). Employee announcements are marked read through their
 * read records, player ones through the socket as on the player pages.
 */
import { SimpleGrid, Skeleton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../session/SessionContext.ts";
import { AnnouncementsPanel } from "./AnnouncementsPanel.tsx";
import { withReadFlags } from "./announcementCarousel.ts";
import { PlayerAnnouncements } from "./PlayerAnnouncements.tsx";
import { useEmployeeAnnouncementReads, useLiveEmployeeAnnouncements } from "./setupApi.ts";

function EmployeeAnnouncements({ userId }: { userId: number }) {
  const { t } = useTranslation("content");
  const list = useLiveEmployeeAnnouncements();
  const { readIds, isPending, markRead } = useEmployeeAnnouncementReads(userId);
  if (list.isPending || isPending) return <Skeleton height={218} radius="md" />;
  return (
    <AnnouncementsPanel
      title={t("panel.employees")}
      announcements={withReadFlags(list.data ?? [], readIds ?? [])}
      onSeen={(item) => {
        if (!item.read) markRead(item.id);
      }}
    />
  );
}

export function DashboardAnnouncements() {
  const { t } = useTranslation("content");
  const { user, can } = useSession();
  if (!user || !can("announcement:view")) return null;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="dashboard-announcements">
      <div data-testid="dashboard-employee-announcements">
        <EmployeeAnnouncements userId={user.id} />
      </div>
      <div data-testid="dashboard-player-announcements">
        <PlayerAnnouncements title={t("panel.players")} />
      </div>
    </SimpleGrid>
  );
}
