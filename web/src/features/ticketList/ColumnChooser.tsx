/**
 * Which columns the staff list shows (docs/decisions/views.md): the ticket link always, the rest
 * as the staff member chooses. The choice is saved with their preferences on the server, so it
 * follows them to every browser and tab (user_preferences); the list follows at once.
 */
import { Button, Checkbox, Popover, Stack, Text } from "@mantine/core";
import { IconColumns } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { TICKET_LIST_COLUMNS, type TicketListColumn } from "../../../../common/ticketListColumns.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { saveTicketListColumns, useApplyPreferences, usePreferences } from "../account/api.ts";

export function ColumnChooser({ columns }: { columns: readonly TicketListColumn[] }) {
  const { t } = useTranslation("ticketList");
  const preferences = usePreferences();
  const apply = useApplyPreferences();

  const toggle = (column: TicketListColumn, shown: boolean) => {
    const next = TICKET_LIST_COLUMNS.filter((c) => (c === column ? shown : columns.includes(c)));
    // The list follows at once; the answer (and other tabs, by user_preferences) confirms it.
    if (preferences.data) apply({ ...preferences.data, ticket_list_columns: next });
    saveTicketListColumns(next).then(apply, (error: unknown) => {
      if (preferences.data) apply(preferences.data);
      showError(error);
    });
  };

  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns size={16} />} data-testid="columns-button">
          {t("column_chooser.button")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="columns-dropdown">
        <Text size="sm" fw={600} mb="xs">
          {t("column_chooser.title")}
        </Text>
        <Stack gap={6}>
          {TICKET_LIST_COLUMNS.map((column) => (
            <Checkbox
              key={column}
              label={t(`columns.${column}`)}
              checked={columns.includes(column)}
              // One column besides the ticket link stays: a form cannot send an empty list.
              disabled={columns.length === 1 && columns.includes(column)}
              onChange={(event) => toggle(column, event.currentTarget.checked)}
              data-testid={`column-toggle-${column}`}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
