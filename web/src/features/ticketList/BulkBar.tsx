/**
 * The bulk action bar of the staff list (docs/decisions/bulk-actions.md): once rows are selected it
 * says how many and offers assign, hold, resolve and close, each enabled when the server's
 * abilities allow it on at least one selected row (the others are refused by the server, and the
 * notice says why). It sticks to the bottom of the window, after the table, so selecting a row
 * never moves the rows. The dialogs load with the bar, apart from the list's chunk.
 */
import { Button, Group, Paper, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TicketAbility } from "../../../../common/schemas/ticketResponses.ts";
import { deferredModule } from "../../ui/deferred.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { RefusalTooltip } from "../../ui/RefusalTooltip.tsx";
import { type BulkActionBody, bulkTicketAction, ticketListKeys } from "./api.ts";
import type { BulkChoice, BulkDialogKind, BulkOutcome } from "./bulkActions.ts";
import { type RowSelection, SelectPageCheckbox } from "./RowSelection.tsx";

const bulkDialogs = deferredModule(() => import("./BulkDialogs.tsx"));

interface BulkBarProps {
  selection: RowSelection;
  userId: number;
  /** On a phone the cards have no header: the bar carries "select all on this page". */
  phone: boolean;
  onDone(outcome: BulkOutcome): void;
}

export function BulkBar({ selection, userId, phone, onDone }: BulkBarProps) {
  const { t } = useTranslation("ticketList");
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<BulkDialogKind | null>(null);
  const dialogs = bulkDialogs.use();
  const rows = selection.rows;
  const shown = rows.length > 0;

  useEffect(() => {
    if (shown) bulkDialogs.load().catch(showError);
  }, [shown]);

  if (!shown) return null;

  const allows = (ability: TicketAbility) => rows.some((row) => row.abilities[ability]);
  const refusal = (ability: TicketAbility) =>
    rows.find((row) => row.abilities.refusals[ability])?.abilities.refusals[ability];
  const mayAssign = allows("assign") || allows("assign_self");

  const run = async (choice: BulkChoice) => {
    const tickets = rows;
    try {
      const result = await bulkTicketAction({
        ...choice,
        ticket_ids: tickets.map((ticket) => ticket.id),
      } as BulkActionBody);
      setDialog(null);
      selection.clear();
      onDone({ result, tickets });
      void queryClient.invalidateQueries({ queryKey: ticketListKeys.all });
      void queryClient.invalidateQueries({ queryKey: ticketListKeys.views });
    } catch (error) {
      showError(error);
    }
  };

  const action = (kind: BulkDialogKind, allowed: boolean, code: string | undefined, color?: string) => (
    <RefusalTooltip code={allowed ? undefined : code}>
      <Button
        size="compact-sm"
        variant="light"
        color={color}
        disabled={!allowed}
        onClick={() => {
          bulkDialogs.load().catch(showError);
          setDialog(kind);
        }}
        data-testid={`bulk-${kind}`}
      >
        {t(`bulk.${kind}`)}
      </Button>
    </RefusalTooltip>
  );

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="xs"
      mt="xs"
      pos="sticky"
      bottom={8}
      style={{ zIndex: 3 }}
      role="group"
      aria-label={t("bulk.label")}
      data-testid="bulk-bar"
    >
      <Group justify="space-between" gap="xs">
        <Group gap="sm">
          {phone && <SelectPageCheckbox selection={selection} label={t("bulk.page")} />}
          <Text size="sm" fw={600} aria-live="polite" data-testid="bulk-count">
            {t("bulk.selected", { count: rows.length })}
          </Text>
        </Group>
        <Group gap="xs">
          {action("assign", mayAssign, refusal("assign"))}
          {action("hold", allows("hold"), refusal("hold"), "orange")}
          {action("resolve", allows("complete"), refusal("complete"), "green")}
          {action("close", allows("complete"), refusal("complete"), "gray")}
          <Button size="compact-sm" variant="subtle" onClick={selection.clear} data-testid="bulk-clear">
            {t("bulk.clear")}
          </Button>
        </Group>
      </Group>
      {dialog && dialogs && (
        <dialogs.BulkDialog
          kind={dialog}
          tickets={rows}
          userId={userId}
          onClose={() => setDialog(null)}
          onSubmit={run}
        />
      )}
    </Paper>
  );
}
