/**
 * Staff shell: Mantine AppShell with sidebar (navigation and chat list), header (language, theme,
 * notifications, profile menu), banner, footer; new notifications alert here (toast, sound, browser).
 * The skip link comes first, then the header, the sidebar and the main region, in that order in
 * the document, so that Tab follows it (docs/decisions/accessibility.md); `?` shows the keyboard
 * shortcuts.
 */
import { AppShell, Box, Burger, Group } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { AppFooter } from "../components/AppFooter.tsx";
import { LanguagePicker } from "../components/LanguagePicker.tsx";
import { ProductLogo } from "../components/ProductLogo.tsx";
import { ProfileMenu } from "../components/ProfileMenu.tsx";
import { SkipLink, skipTargetProps } from "../components/SkipLink.tsx";
import { ThemeToggle } from "../components/ThemeToggle.tsx";
import { useLivePreferences } from "../features/account/api.ts";
import { NotificationsDropdown } from "../features/notifications/NotificationsDropdown.tsx";
import { useNotificationAlerts } from "../features/notifications/useNotificationAlerts.ts";
import { useTicketVisit } from "../features/notifications/useTicketVisit.ts";
import { ShortcutsHelp, useShortcutsHelp } from "../features/shortcuts/ShortcutsHelp.tsx";
import { ConnectionBanner } from "../realtime/ConnectionBanner.tsx";
import { pendingPages } from "../router/lazyPage.ts";
import { useStore } from "../ui/createStore.ts";
import { useLoadDeferredWhenIdle } from "../ui/deferred.ts";
import { PageLoader } from "../ui/Loaders.tsx";
import { AdminSidebar } from "./AdminSidebar.tsx";

/** Below Mantine's sm breakpoint, where the sidebar folds away behind the burger. */
const PHONE_QUERY = "(max-width: 47.99em)";

export function AdminShell() {
  const { t } = useTranslation("sidebar");
  const [opened, { toggle, close }] = useDisclosure(false);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const shortcuts = useShortcutsHelp();
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
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t("menu")}
              aria-expanded={opened}
            />
            <ProductLogo to="/admin/dashboard" />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguagePicker />
            <ThemeToggle />
            <NotificationsDropdown />
            <ProfileMenu staffLinks onShowShortcuts={shortcuts.open} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* A folded sidebar is off screen: out of the Tab order too. */}
      <AppShell.Navbar inert={phone && !opened}>
        <AdminSidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main {...skipTargetProps} style={{ display: "flex", flexDirection: "column" }}>
        <ConnectionBanner />
        <Box p="lg" style={{ flex: 1, position: "relative" }}>
          <PageLoader visible={pageLoading} />
          {/* Its own boundary: a page waiting for its chunk or its texts shows the loader here and
              leaves the header and sidebar, and the focus in them, as they are. */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <Box style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
          <AppFooter />
        </Box>
      </AppShell.Main>
      <ShortcutsHelp {...shortcuts} />
    </AppShell>
  );
}
