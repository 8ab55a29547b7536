/** Setup pages: the left setup menu with only the permitted entries (spec/3-staff-administration.md §2), page beside it. */
import { Box, Flex, NavLink as MantineNavLink, Paper } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { useSession } from "../session/SessionContext.ts";
import { SETUP_MENU } from "./adminNavigation.ts";

export function SetupLayout() {
  const { t } = useTranslation("sidebar");
  const { can } = useSession();
  const { pathname } = useLocation();
  return (
    <Flex gap="lg" direction={{ base: "column", md: "row" }} align="flex-start">
      <Paper
        withBorder
        radius="md"
        p={6}
        w={{ base: "100%", md: 240 }}
        style={{ flexShrink: 0 }}
        component="nav"
        aria-label={t("setup")}
      >
        {SETUP_MENU.filter((entry) => can(entry.permission)).map((entry) => (
          <MantineNavLink
            key={entry.to}
            component={Link}
            to={entry.to}
            label={t(entry.label)}
            active={pathname.startsWith(entry.to)}
            style={{ borderRadius: "var(--mantine-radius-sm)" }}
          />
        ))}
      </Paper>
      <Box style={{ flex: 1, minWidth: 0 }} w="100%">
        <Outlet />
      </Box>
    </Flex>
  );
}
