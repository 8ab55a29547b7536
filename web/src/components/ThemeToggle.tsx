/** Light/dark switch; Mantine stores the choice locally, following the system until one is made. */
import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DeferredTooltip } from "../ui/DeferredOverlays.tsx";

export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const dark = computed === "dark";
  const label = dark ? t("theme.to_light") : t("theme.to_dark");
  return (
    <DeferredTooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={label}
        data-testid="theme-toggle"
        onClick={() => setColorScheme(dark ? "light" : "dark")}
      >
        {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </DeferredTooltip>
  );
}
