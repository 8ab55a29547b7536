/**
 * The buttons of a search panel: Search (the form's submit, applying the draft), Default when the
 * list has a default search, Clear, and whatever else the panel adds (Advanced Search).
 */
import { Button, Group } from "@mantine/core";
import { IconEraser, IconRestore, IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface SearchButtonsProps {
  onClear(): void;
  onDefault?: () => void;
  children?: ReactNode;
}

export function SearchButtons({ onClear, onDefault, children }: SearchButtonsProps) {
  const { t } = useTranslation("ticketList");
  return (
    <Group gap="xs">
      <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="search-button">
        {t("buttons.search")}
      </Button>
      {onDefault && (
        <Button
          variant="default"
          leftSection={<IconRestore size={16} />}
          onClick={onDefault}
          data-testid="default-button"
        >
          {t("buttons.default")}
        </Button>
      )}
      <Button variant="default" leftSection={<IconEraser size={16} />} onClick={onClear} data-testid="clear-button">
        {t("buttons.clear")}
      </Button>
      {children}
    </Group>
  );
}
