/**
 * The signed-in user's menu: name and e-mail, staff links to Profile and Preferences, Logout, and
 * Log out everywhere (every device, after a confirmation).
 */
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconAdjustments, IconChevronDown, IconDevicesOff, IconLogout, IconUser } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { logoutEverywhere } from "../api/auth.ts";
import { useSession } from "../session/SessionContext.ts";
import { confirmAction } from "../ui/confirmAction.ts";
import { showError } from "../ui/errorDialogStore.ts";

function initials(name: string): string {
  return name.slice(0, 2).toUpperCase();
}

export function ProfileMenu({ staffLinks = false }: { staffLinks?: boolean }) {
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

  // Spec 1 §2: an avatar value shorter than 4 characters means no picture.
  const picture = user && user.avatar.length >= 4 ? user.avatar : undefined;
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="profile-menu">
          {/* Named by its text, not an aria-label, so that the visible name is part of it (WCAG 2.5.3). */}
          <VisuallyHidden>{t("profile_menu")}</VisuallyHidden>
          <Group gap={6} wrap="nowrap">
            <Avatar src={picture} radius="xl" size={32} color="blue">
              {user ? initials(user.name) : <IconUser size={18} />}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {user ? user.name : t("common:account_load_failed")}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
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
        <Menu.Item
          color="red"
          data-testid="logout"
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
        >
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
      </Menu.Dropdown>
    </Menu>
  );
}
