/** The staff sidebar (spec/3-staff-administration.md §2): each entry shown only with its permission; the chat list below (spec/2-staff-ticket-work.md §2). */
import { Badge, Divider, NavLink as MantineNavLink, ScrollArea, Stack } from "@mantine/core";
import {
  IconAdjustments,
  IconBell,
  IconChartBar,
  IconCode,
  IconLayoutDashboard,
  IconSettings,
  IconTicket,
  IconTool,
  IconUser,
  IconUserShield,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { Permission } from "../../../common/permissions.ts";
import { ChatList } from "../features/chatList/ChatList.tsx";
import { useSession } from "../session/SessionContext.ts";
import { useStore } from "../ui/createStore.ts";
import { unreadNotificationsStore } from "../ui/usePageTitle.ts";
import { SETUP_HOME } from "./adminNavigation.ts";

interface SidebarEntry {
  key: string;
  to: string;
  /** Paths under this prefix mark the entry active. */
  activePrefix: string;
  icon: ReactNode;
  permission?: Permission;
  /** The label's i18n key when it is not the entry's key in the sidebar namespace. */
  label?: string;
}

const ENTRIES: SidebarEntry[] = [
  {
    key: "dashboard",
    to: "/admin/dashboard",
    activePrefix: "/admin/dashboard",
    icon: <IconLayoutDashboard size={20} />,
  },
  { key: "tickets", to: "/admin/ticket", activePrefix: "/admin/ticket", icon: <IconTicket size={20} /> },
  {
    key: "notifications",
    to: "/admin/notifications",
    activePrefix: "/admin/notifications",
    icon: <IconBell size={20} />,
  },
  {
    key: "players",
    to: "/admin/members/search-members",
    activePrefix: "/admin/members",
    icon: <IconUsersGroup size={20} />,
    permission: "members:view",
  },
  {
    key: "users",
    to: "/admin/users",
    activePrefix: "/admin/users",
    icon: <IconUserShield size={20} />,
    permission: "users:view",
  },
  {
    key: "statistics",
    to: "/admin/statistics",
    activePrefix: "/admin/statistics",
    icon: <IconChartBar size={20} />,
    permission: "stats:page_view",
  },
  {
    key: "setup",
    to: SETUP_HOME,
    activePrefix: "/admin/setup/",
    icon: <IconTool size={20} />,
    permission: "setup:view",
  },
  // spec/3-staff-administration.md §2.6: the main developer page with the to-do board, for class dev (all staff).
  {
    key: "developer",
    to: "/admin/developer",
    activePrefix: "/admin/developer",
    icon: <IconCode size={20} />,
    label: "account:developer.nav",
  },
];

export function AdminSidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation("sidebar");
  const { can, isStaff } = useSession();
  const { pathname } = useLocation();
  const unread = useStore(unreadNotificationsStore);
  const onSettings = pathname.startsWith("/admin/settings");

  return (
    <ScrollArea style={{ flex: 1 }}>
      <Stack gap={2} p="sm" component="nav" aria-label={t("navigation")}>
        {ENTRIES.filter((entry) => !entry.permission || can(entry.permission)).map((entry) => {
          // Setup keeps the current setup page when one is already open (spec/3-staff-administration.md §2).
          const to = entry.key === "setup" && pathname.startsWith("/admin/setup/") ? pathname : entry.to;
          return (
            <MantineNavLink
              key={entry.key}
              component={Link}
              to={to}
              label={t(entry.label ?? entry.key)}
              leftSection={entry.icon}
              active={pathname.startsWith(entry.activePrefix)}
              onClick={onNavigate}
              rightSection={
                entry.key === "notifications" && unread > 0 ? (
                  <Badge size="sm" color="red" circle>
                    {unread}
                  </Badge>
                ) : null
              }
              data-testid={`sidebar-${entry.key}`}
              style={{ borderRadius: "var(--mantine-radius-md)" }}
            />
          );
        })}
        {can("profile:view") && (
          <MantineNavLink
            label={t("settings")}
            leftSection={<IconSettings size={20} />}
            defaultOpened={onSettings}
            active={onSettings}
            data-testid="sidebar-settings"
            style={{ borderRadius: "var(--mantine-radius-md)" }}
          >
            <MantineNavLink
              component={Link}
              to="/admin/settings/profile-settings"
              label={t("profile")}
              leftSection={<IconUser size={18} />}
              active={pathname.startsWith("/admin/settings/profile-settings")}
              onClick={onNavigate}
            />
            <MantineNavLink
              component={Link}
              to="/admin/settings/preference-settings"
              label={t("preferences")}
              leftSection={<IconAdjustments size={18} />}
              active={pathname.startsWith("/admin/settings/preference-settings")}
              onClick={onNavigate}
            />
          </MantineNavLink>
        )}
      </Stack>
      {isStaff && (
        <>
          <Divider />
          <ChatList onNavigate={onNavigate} />
        </>
      )}
    </ScrollArea>
  );
}
