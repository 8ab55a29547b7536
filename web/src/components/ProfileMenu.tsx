/**
 * The signed-in user's menu: name and e-mail, staff links to Profile and Preferences, Logout, and
 * Log out everywhere (every device, after a confirmation); on the staff pages also the keyboard
 * shortcuts' help. The button is drawn at once, the
 * entries (ProfileMenuItems.tsx) come with the deferred overlay chunk.
 */
import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconUser } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSession } from "../session/SessionContext.ts";
import { DeferredMenu } from "../ui/DeferredOverlays.tsx";

function initials(name: string): string {
  return name.slice(0, 2).toUpperCase();
}

interface ProfileMenuProps {
  staffLinks?: boolean;
  /** Where the staff shell shows its keyboard shortcuts: the menu offers them. */
  onShowShortcuts?: () => void;
}

export function ProfileMenu({ staffLinks = false, onShowShortcuts }: ProfileMenuProps) {
  const { t } = useTranslation("sidebar");
  const { user } = useSession();

  // spec/1-product-frame.md §2: an avatar value shorter than 4 characters means no picture.
  const picture = user && user.avatar.length >= 4 ? user.avatar : undefined;
  return (
    <DeferredMenu
      position="bottom-end"
      shadow="md"
      width={240}
      withinPortal
      target={
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
      }
      dropdown={(kit) => <kit.ProfileMenuItems staffLinks={staffLinks} onShowShortcuts={onShowShortcuts} />}
    />
  );
}
