/**
 * The dialogs of the list's bulk action (docs/decisions/bulk-actions.md), loaded when the bar
 * first shows: the ticket page's own hold and fast-complete dialogs, and an assign dialog whose
 * employees are the server's eligible lists (fetch-assignees) of the selected tickets. What each
 * offers follows the selected rows' abilities; the server decides each ticket.
 */
import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { assigneesQuery } from "../staffTicket/api.ts";
import { FastCompleteModal } from "../staffTicket/FastCompleteModal.tsx";
import { HoldModal } from "../staffTicket/HoldModal.tsx";
import type { ListTicket } from "./api.ts";
import type { BulkChoice, BulkDialogKind } from "./bulkActions.ts";

interface BulkDialogProps {
  kind: BulkDialogKind;
  tickets: ListTicket[];
  userId: number;
  onClose(): void;
  onSubmit(choice: BulkChoice): Promise<void>;
}

export function BulkDialog({ kind, tickets, userId, onClose, onSubmit }: BulkDialogProps) {
  const { t } = useTranslation("ticketList");
  switch (kind) {
    case "assign":
      return <BulkAssignModal tickets={tickets} userId={userId} onClose={onClose} onSubmit={onSubmit} />;
    case "hold":
      return (
        <HoldModal
          opened
          text={t("bulk.hold_text")}
          onCancel={onClose}
          onHold={(holdUntil) =>
            onSubmit(holdUntil === null ? { action: "hold" } : { action: "hold", hold_until: holdUntil })
          }
        />
      );
    case "resolve":
    case "close": {
      const completing = tickets.filter((ticket) => ticket.abilities.complete);
      const required = completing.some((ticket) => ticket.abilities.excuse_required);
      return (
        <FastCompleteModal
          opened
          required={required}
          initialAction={kind === "resolve" ? "RESOLVED" : "CLOSED"}
          notice={t(required ? "bulk.reason_required" : "bulk.reason_optional")}
          onClose={onClose}
          onComplete={(action, excuse) => onSubmit({ action: action === "RESOLVED" ? "resolve" : "close", excuse })}
        />
      );
    }
  }
}

const AUTO = "auto";
const ME = "me";

/**
 * One ticket for each category and server among those the caller may assign to a chosen employee:
 * the eligible list depends on those two only (and leaves out the ticket's assignee, so an
 * unassigned ticket is asked for where there is one).
 */
function askedTickets(tickets: ListTicket[]): ListTicket[] {
  const byPlace = new Map<string, ListTicket>();
  for (const ticket of tickets) {
    if (!ticket.abilities.choose_employee) continue;
    const place = `${ticket.category}:${ticket.server}`;
    const known = byPlace.get(place);
    if (!known || (known.assignedTo !== null && ticket.assignedTo === null)) byPlace.set(place, ticket);
  }
  return [...byPlace.values()];
}

interface BulkAssignProps {
  tickets: ListTicket[];
  userId: number;
  onClose(): void;
  onSubmit(choice: BulkChoice): Promise<void>;
}

function BulkAssignModal({ tickets, userId, onClose, onSubmit }: BulkAssignProps) {
  const { t } = useTranslation("ticketList");
  const { t: tp } = useTranslation("ticketPage");
  const mayAuto = tickets.some((ticket) => ticket.abilities.assign);
  const mayTakeSelf = tickets.some((ticket) => ticket.abilities.assign_self);
  const lists = useQueries({
    queries: askedTickets(tickets).map((ticket) => assigneesQuery(ticket.id, ticket.category)),
  });
  const employees = new Map<number, string>();
  for (const list of lists) for (const { id, name } of list.data ?? []) if (id !== userId) employees.set(id, name);
  const [choice, setChoice] = useState(mayAuto ? AUTO : ME);
  const [busy, setBusy] = useState(false);

  const options = [
    ...(mayAuto ? [{ value: AUTO, label: tp("assign.auto") }] : []),
    ...(mayTakeSelf ? [{ value: ME, label: tp("actions.assign_to_me") }] : []),
    ...[...employees]
      .sort(([, a], [, b]) => a.localeCompare(b))
      .map(([id, name]) => ({ value: String(id), label: name })),
  ];

  const submit = async () => {
    const devId = choice === AUTO ? undefined : choice === ME ? userId : Number(choice);
    setBusy(true);
    try {
      await onSubmit(devId === undefined ? { action: "assign" } : { action: "assign", devId });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("bulk.assign_title")} centered data-testid="bulk-assign-modal">
      <Stack>
        <Text size="sm">{t("bulk.assign_text")}</Text>
        <Select
          label={tp("assign.employee")}
          description={choice === AUTO ? t("bulk.auto_hint") : undefined}
          data={options}
          value={choice}
          onChange={(value) => value && setChoice(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="bulk-assign-employee"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tp("cancel")}
          </Button>
          <Button onClick={submit} loading={busy} disabled={options.length === 0} data-testid="bulk-assign-submit">
            {tp("assign.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
