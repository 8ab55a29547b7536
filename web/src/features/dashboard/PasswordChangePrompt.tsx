/**
 * Asks the first admin to replace the password generated at the first start, until they have
 * (the session says so: docs/decisions/first-start.md). The link leads to the profile's password.
 */
import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSession } from "../../session/SessionContext.ts";

export function PasswordChangePrompt() {
  const { t } = useTranslation("dashboard");
  const { user, isStaff } = useSession();
  if (!isStaff || !user?.password_generated) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconKey size={20} />}
      title={t("password_prompt.title")}
      data-testid="password-prompt"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t("password_prompt.message")}</Text>
        <Button component={Link} to="/admin/settings/profile-settings" size="xs" color="orange">
          {t("password_prompt.action")}
        </Button>
      </Stack>
    </Alert>
  );
}
