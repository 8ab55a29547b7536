/**
 * The main developer page (spec/3-staff-administration.md §2.6), /admin/developer: the team's to-do board. The one
 * account named by DEV_SWITCH_USER_EMAIL also gets Switch, which flips the page between the board
 * and the dashboard's statistics and changelog (docs/decisions/account.md), remembered in this browser.
 */
import { Button, Group, Stack } from "@mantine/core";
import { IconSwitchHorizontal } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import { useTodos } from "../../features/account/api.ts";
import { TodoBoard } from "../../features/account/TodoBoard.tsx";
import { ChangelogTimeline } from "../../features/dashboard/ChangelogTimeline.tsx";
import { DashboardStats } from "../../features/dashboard/DashboardStats.tsx";
import { useSession } from "../../session/SessionContext.ts";

type View = "board" | "dashboard";
const viewKey = (userId: number) => `helpdesk.developer.view.${userId}`;

function storedView(userId: number): View {
  try {
    return localStorage.getItem(viewKey(userId)) === "dashboard" ? "dashboard" : "board";
  } catch {
    return "board";
  }
}

export default function DeveloperPage() {
  const { t } = useTranslation("account");
  const { user } = useSession();
  const board = useTodos();
  const userId = user?.id ?? 0;
  const [view, setView] = useState<View>(() => storedView(userId));
  const title = t("developer.title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  const canSwitch = board.data?.can_switch === true;
  const shown: View = canSwitch ? view : "board";

  const flip = () => {
    const next: View = shown === "board" ? "dashboard" : "board";
    setView(next);
    try {
      localStorage.setItem(viewKey(userId), next);
    } catch {
      // Storage unavailable: the choice lasts as long as the page.
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <PageHeader title={title} subtitle={t(`developer.subtitle_${shown}`)} breadcrumbs={breadcrumbs} />
        {canSwitch && (
          <Button
            variant="light"
            leftSection={<IconSwitchHorizontal size={16} />}
            onClick={flip}
            data-testid="developer-switch"
          >
            {t("developer.switch")}
          </Button>
        )}
      </Group>
      {shown === "board" ? (
        <TodoBoard />
      ) : (
        <Stack gap="lg" data-testid="developer-dashboard">
          <DashboardStats />
          <ChangelogTimeline />
        </Stack>
      )}
    </Stack>
  );
}
