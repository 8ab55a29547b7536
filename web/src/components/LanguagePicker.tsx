/**
 * The language picker (spec/1-product-frame.md §2), each language under its own native name. Twelve languages do
 * not fit a short window: the list scrolls with its scrollbar always shown, so that it is plain
 * there is more below.
 */
import { Button, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES } from "../../../common/constants.ts";
import { useLanguage } from "../session/useLanguage.ts";
import { DeferredMenu } from "../ui/DeferredOverlays.tsx";

export function LanguagePicker() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <DeferredMenu
      position="bottom-end"
      withinPortal
      shadow="md"
      width={200}
      dropdownProps={{ p: 0 }}
      target={
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} />}
          data-testid="language-picker"
        >
          {/* Named by its text, not an aria-label, so that the visible name is part of it (WCAG 2.5.3). */}
          <VisuallyHidden>{t("language.choose")}</VisuallyHidden>
          <span lang={language}>{LANGUAGE_NAMES[language]}</span>
        </Button>
      }
      dropdown={({ Menu, ScrollArea }) => (
        <ScrollArea.Autosize
          mah="min(420px, calc(100dvh - 96px))"
          type="always"
          offsetScrollbars="y"
          scrollbarSize={8}
          p={4}
          data-testid="language-scroll"
        >
          <Menu.Label>{t("language.label")}</Menu.Label>
          {LANGUAGES.map((code) => (
            <Menu.Item
              key={code}
              lang={code}
              onClick={() => void setLanguage(code)}
              rightSection={code === language ? <IconCheck size={16} /> : null}
              data-testid={`language-option-${code}`}
            >
              {LANGUAGE_NAMES[code]}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      )}
    />
  );
}
