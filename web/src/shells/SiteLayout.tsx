/**
 * The frame the public and member shells share: sticky header, main area with the page loader
 * while a route chunk loads, footer at the bottom.
 */
import { Box, Container, Divider, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Outlet, useNavigation } from "react-router";
import { AppFooter } from "../components/AppFooter.tsx";
import { PageLoader } from "../ui/Loaders.tsx";

interface SiteLayoutProps {
  logo: ReactNode;
  nav: ReactNode;
  actions: ReactNode;
  /** Shown under the header, e.g. the connection banner. */
  banner?: ReactNode;
}

export function SiteLayout({ logo, nav, actions, banner }: SiteLayoutProps) {
  const navigation = useNavigation();
  return (
    <Box style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
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
            <Group gap="lg" wrap="nowrap">
              {logo}
              <Group gap={4} wrap="nowrap" visibleFrom="sm" component="nav">
                {nav}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {actions}
            </Group>
          </Group>
        </Container>
        <Group gap={4} hiddenFrom="sm" px="sm" pb={6} component="nav" wrap="wrap">
          {nav}
        </Group>
        {banner}
      </Box>
      <Box component="main" style={{ flex: 1, position: "relative" }} py="xl">
        <PageLoader visible={navigation.state === "loading"} />
        <Container size="lg">
          <Outlet />
        </Container>
      </Box>
      <Divider />
      <Container size="lg" w="100%">
        <AppFooter />
      </Container>
    </Box>
  );
}
