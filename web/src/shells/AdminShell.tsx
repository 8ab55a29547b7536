/**
 * Staff shell: Mantine AppShell with sidebar (navigation and chat list), header (language, theme,
 * notifications, profile menu), banner, footer; new notifications alert here (toast, sound, browser).
 */
import { AppShell, Box, Burger, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Outlet } from "react-router";
import { AppFooter } from "../components/AppFooter.tsx";
import { LanguagePicker } from "../components/LanguagePicker.tsx";
import { ProductLogo } from "../components/ProductLogo.tsx";
import { ProfileMenu } from "../components/ProfileMenu.tsx";
import { ThemeToggle } from "../components/ThemeToggle.tsx";
import { useLivePreferences } from "../features/account/api.ts";
import { NotificationsDropdown } from "../features/notifications/NotificationsDropdown.tsx";
import { useNotificationAlerts } from "../features/notifications/useNotificationAlerts.ts";
import { useTicketVisit } from "../features/notifications/useTicketVisit.ts";
import { ConnectionBanner } from "../realtime/ConnectionBanner.tsx";
import { pendingPages } from "../router/lazyPage.ts";
import { useStore } from "../ui/createStore.ts";
import { useLoadDeferredWhenIdle } from "../ui/deferred.ts";
import { PageLoader } from "../ui/Loaders.tsx";
import { AdminSidebar } from "./AdminSidebar.tsx";

export function AdminShell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pageLoading = useStore(pendingPages) > 0;
  useNotificationAlerts();
  useTicketVisit();
  useLivePreferences();
  useLoadDeferredWhenIdle();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="menu" />
            <ProductLogo to="/admin/dashboard" />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguagePicker />
            <ThemeToggle />
            <NotificationsDropdown />
            <ProfileMenu staffLinks />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <AdminSidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main style={{ display: "flex", flexDirection: "column" }}>
        <ConnectionBanner />
        <Box p="lg" style={{ flex: 1, position: "relative" }}>
          <PageLoader visible={pageLoading} />
          <Outlet />
        </Box>
        <Box style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
          <AppFooter />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
