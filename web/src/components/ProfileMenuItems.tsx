/**
 * The profile menu's entries (name and e-mail, staff links, the keyboard shortcuts' help where the
 * shell has one, Logout, Log out everywhere): part of the deferred overlay chunk, drawn only once
 * the menu opens (ProfileMenu.tsx, ui/overlayKit.ts).
 */
import { Kbd, Menu, Text } from "@mantine/core";
import { IconAdjustments, IconDevicesOff, IconKeyboard, IconLogout, IconUser } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { logoutEverywhere } from "../api/auth.ts";
import { useSession } from "../session/SessionContext.ts";
import { confirmAction } from "../ui/confirmAction.ts";
import { showError } from "../ui/errorDialogStore.ts";

interface ProfileMenuItemsProps {
  staffLinks: boolean;
  onShowShortcuts?: (() => void) | undefined;
}

export function ProfileMenuItems({ staffLinks, onShowShortcuts }: ProfileMenuItemsProps) {
  const { t } = useTranslation("sidebar");
  const { user, can, logout } = useSession();

  async function onLogoutEverywhere() {
    const confirmed = await confirmAction({
      message: t("logout_everywhere_confirm"),
      confirmLabel: t("logout_everywhere"),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await logoutEverywhere();
    } catch (error) {
      showError(error);
      return;
    }
    // This session is gone too: finish as a logout does (cleared state, a full load of /login).
    await logout();
  }

  return (
    <>
      {user ? (
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
      ) : (
        <Menu.Label>{t("common:account_load_failed")}</Menu.Label>
      )}
      {staffLinks && can("profile:view") && (
        <>
          <Menu.Item component={Link} to="/admin/settings/profile-settings" leftSection={<IconUser size={16} />}>
            {t("profile")}
          </Menu.Item>
          <Menu.Item
            component={Link}
            to="/admin/settings/preference-settings"
            leftSection={<IconAdjustments size={16} />}
          >
            {t("preferences")}
          </Menu.Item>
          <Menu.Divider />
        </>
      )}
      {onShowShortcuts && (
        <>
          <Menu.Item
            leftSection={<IconKeyboard size={16} />}
            rightSection={<Kbd size="xs">?</Kbd>}
            onClick={onShowShortcuts}
            data-testid="show-shortcuts"
          >
            {t("shortcuts.title")}
          </Menu.Item>
          <Menu.Divider />
        </>
      )}
      <Menu.Item color="red" data-testid="logout" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
        {t("logout")}
      </Menu.Item>
      {user && (
        <Menu.Item
          color="red"
          data-testid="logout-everywhere"
          leftSection={<IconDevicesOff size={16} />}
          onClick={() => void onLogoutEverywhere()}
        >
          {t("logout_everywhere")}
        </Menu.Item>
      )}
    </>
  );
}
