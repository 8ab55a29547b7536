/**
 * The rows chosen for a bulk action (docs/decisions/bulk-actions.md): tickets of the shown page
 * only. Another page, view, search or sort starts with none, and a row that leaves the page
 * (read again after a change) leaves the selection, so an action never reaches a ticket the
 * person no longer sees.
 */
import { Checkbox } from "@mantine/core";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListTicket } from "./api.ts";

const NONE: ReadonlySet<number> = new Set();

export interface RowSelection {
  /** The selected rows, in the page's order. */
  rows: ListTicket[];
  isSelected(ticketId: number): boolean;
  toggle(ticketId: number): void;
  /** Whether all, some or none of the page's rows are selected. */
  page: "all" | "some" | "none";
  /** Selects every row of the page, or none once all are. */
  togglePage(): void;
  clear(): void;
}

/** `pageKey`: what the page shows (its query); a new one starts with nothing selected. */
export function useRowSelection(tickets: readonly ListTicket[], pageKey: unknown): RowSelection {
  const key = JSON.stringify(pageKey);
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<number> }>({ key, ids: new Set() });
  const ids = state.key === key ? state.ids : NONE;
  const rows = useMemo(() => tickets.filter((ticket) => ids.has(ticket.id)), [tickets, ids]);
  const chosen = useMemo(() => new Set(rows.map((row) => row.id)), [rows]);
  const page = rows.length === 0 ? "none" : rows.length === tickets.length ? "all" : "some";

  const toggle = useCallback(
    (ticketId: number) =>
      setState((current) => {
        const next = new Set(current.key === key ? current.ids : []);
        if (next.has(ticketId)) next.delete(ticketId);
        else next.add(ticketId);
        return { key, ids: next };
      }),
    [key],
  );
  const togglePage = useCallback(() => {
    setState({ key, ids: page === "all" ? new Set() : new Set(tickets.map((ticket) => ticket.id)) });
  }, [key, page, tickets]);
  const clear = useCallback(() => setState({ key, ids: new Set() }), [key]);

  return { rows, isSelected: (ticketId) => chosen.has(ticketId), toggle, page, togglePage, clear };
}

/** The checkbox of one row or card, named after its ticket for a screen reader. */
export function SelectTicketCheckbox({ ticket, selection }: { ticket: ListTicket; selection: RowSelection }) {
  const { t } = useTranslation("ticketList");
  return (
    <Checkbox
      size="xs"
      aria-label={t("bulk.select_ticket", { number: ticket.createdAt })}
      checked={selection.isSelected(ticket.id)}
      onChange={() => selection.toggle(ticket.id)}
      data-testid="select-ticket"
    />
  );
}

/** "Select all on this page": checked when all are, mixed when some are. */
export function SelectPageCheckbox({ selection, label }: { selection: RowSelection; label?: string }) {
  const { t } = useTranslation("ticketList");
  return (
    <Checkbox
      size="xs"
      aria-label={label ? undefined : t("bulk.select_page")}
      label={label}
      checked={selection.page === "all"}
      indeterminate={selection.page === "some"}
      onChange={selection.togglePage}
      data-testid="select-page"
    />
  );
}
