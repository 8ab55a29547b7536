/**
 * The frame the public and member shells share: the skip link, sticky header, main area with the
 * page loader while a route chunk loads, footer at the bottom. On a phone (below `sm`) the navigation folds
 * into a menu behind a burger, so the header stays one row and no page is wider than the screen.
 */
import { Box, Burger, Container, Divider, Group } from "@mantine/core";
import { type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { AppFooter } from "../components/AppFooter.tsx";
import { SkipLink, skipTargetProps } from "../components/SkipLink.tsx";
import { pendingPages } from "../router/lazyPage.ts";
import { useStore } from "../ui/createStore.ts";
import { DeferredMenu } from "../ui/DeferredOverlays.tsx";
import { useLoadDeferredWhenIdle } from "../ui/deferred.ts";
import { PageLoader } from "../ui/Loaders.tsx";
import { HeaderNavLink } from "./HeaderNavLink.tsx";

/** One entry of the header's navigation. */
export interface SiteNavItem {
  to: string;
  label: string;
}

interface SiteLayoutProps {
  logo: ReactNode;
  nav: SiteNavItem[];
  actions: ReactNode;
  /** Shown under the header, e.g. the connection banner. */
  banner?: ReactNode;
}

function PhoneNavMenu({ nav }: { nav: SiteNavItem[] }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  return (
    <DeferredMenu
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      shadow="md"
      width={220}
      withinPortal
      dropdownProps={{ component: "nav", "data-testid": "nav-menu" }}
      target={
        <Burger
          opened={opened}
          size="sm"
          hiddenFrom="sm"
          aria-label={t("nav.menu")}
          aria-expanded={opened}
          data-testid="nav-menu-button"
        />
      }
      dropdown={({ Menu }) =>
        nav.map((item) => {
          const current = pathname === item.to || pathname.startsWith(`${item.to}/`);
          return (
            <Menu.Item
              key={item.to}
              component={Link}
              to={item.to}
              fw={current ? 600 : undefined}
              c={current ? "blue" : undefined}
              aria-current={current ? "page" : undefined}
            >
              {item.label}
            </Menu.Item>
          );
        })
      }
    />
  );
}

export function SiteLayout({ logo, nav, actions, banner }: SiteLayoutProps) {
  const pageLoading = useStore(pendingPages) > 0;
  useLoadDeferredWhenIdle();
  return (
    <Box style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <Box
        component="header"
        style={{
          position: "sticky",
          top: 0,
          zIndex: 100,
          background: "var(--mantine-color-body)",
          borderBottom: "1px solid var(--mantine-color-default-border)",
        }}
      >
        <Container size="lg" h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="nowrap">
                <PhoneNavMenu nav={nav} />
                {logo}
              </Group>
              <Group gap={4} wrap="nowrap" visibleFrom="sm" component="nav">
                {nav.map((item) => (
                  <HeaderNavLink key={item.to} to={item.to}>
                    {item.label}
                  </HeaderNavLink>
                ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {actions}
            </Group>
          </Group>
        </Container>
        {banner}
      </Box>
      <Box component="main" {...skipTargetProps} style={{ flex: 1, position: "relative" }} py="xl">
        <PageLoader visible={pageLoading} />
        <Container size="lg">
          {/* Its own boundary: a page waiting for its chunk or its texts leaves the header as it is. */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      <Divider />
      <Container size="lg" w="100%">
        <AppFooter />
      </Container>
    </Box>
  );
}
