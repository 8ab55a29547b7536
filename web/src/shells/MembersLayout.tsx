/** Player management: the tab bar (Search Players, Banned (Support)) over the page. */
import { Stack, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useSession } from "../session/SessionContext.ts";
import { MEMBERS_TABS } from "./adminNavigation.ts";

export function MembersLayout() {
  const { t } = useTranslation("sidebar");
  const { can } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = MEMBERS_TABS.find((tab) => pathname.startsWith(tab.to))?.to ?? null;
  return (
    <Stack gap="lg">
      <Tabs value={active} onChange={(value) => value && navigate(value)}>
        <Tabs.List>
          {MEMBERS_TABS.filter((tab) => can(tab.permission)).map((tab) => (
            <Tabs.Tab key={tab.to} value={tab.to}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
