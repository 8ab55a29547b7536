/**
 * Clears the remembered 'don't show again' choices of the ticket page's close and resolve
 * warnings (spec/3-staff-administration.md §2.5): keys `{userId}_dontshowagain_{itemId}` in this browser's storage.
 */
import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconEyeCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS } from "../../../../common/constants.ts";
import { WARNING_ITEMS } from "../staffTicket/ConfirmModals.tsx";

const ITEMS = Object.values(WARNING_ITEMS);

function hiddenItems(userId: number): string[] {
  try {
    return ITEMS.filter((item) => localStorage.getItem(STORAGE_KEYS.dontShowAgain(userId, item)) === "true");
  } catch {
    return [];
  }
}

export function DontShowAgainReset({ userId }: { userId: number }) {
  const { t } = useTranslation("account");
  const [hidden, setHidden] = useState(() => hiddenItems(userId));
  const [cleared, setCleared] = useState(false);

  const clear = () => {
    try {
      for (const item of ITEMS) localStorage.removeItem(STORAGE_KEYS.dontShowAgain(userId, item));
    } catch {
      // Storage unavailable: nothing was remembered either.
    }
    setHidden(hiddenItems(userId));
    setCleared(true);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="dont-show-again">
      <Stack gap="xs">
        <Text fw={600}>{t("preferences.dont_show.title")}</Text>
        <Text size="sm" c="dimmed">
          {hidden.length > 0
            ? t("preferences.dont_show.hidden", { count: hidden.length })
            : cleared
              ? t("preferences.dont_show.cleared")
              : t("preferences.dont_show.none")}
        </Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconEyeCheck size={16} />}
            onClick={clear}
            disabled={hidden.length === 0}
            data-testid="dont-show-again-clear"
          >
            {t("preferences.dont_show.clear")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
