/**
 * What a bulk action did (docs/decisions/bulk-actions.md): how many tickets it changed, and each
 * ticket it did not change with the reason, the refused call's own error text by its code, and a
 * link to the ticket. It stays above the list until closed or the next action.
 */
import { Alert, Anchor, List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useErrorText } from "../../ui/useErrorText.ts";
import type { BulkOutcome } from "./bulkActions.ts";
import { ticketEditPath } from "./TicketTable.tsx";

export function BulkOutcomeNotice({ outcome, onClose }: { outcome: BulkOutcome; onClose(): void }) {
  const { t } = useTranslation("ticketList");
  const errorText = useErrorText();
  const { done, refused } = outcome.result;
  const named = new Map(outcome.tickets.map((ticket) => [ticket.id, ticket]));
  return (
    <Alert
      color={refused.length ? "yellow" : "green"}
      variant="light"
      withCloseButton
      closeButtonLabel={t("bulk.dismiss")}
      onClose={onClose}
      title={t("bulk.done", { count: done.length })}
      mb="xs"
      data-testid="bulk-outcome"
      data-done={done.length}
      data-refused={refused.length}
    >
      {refused.length > 0 && (
        <>
          <Text size="sm">{t("bulk.refused", { count: refused.length })}</Text>
          <List size="sm" mt={4} data-testid="bulk-refused">
            {refused.map(({ ticket_id, code }) => {
              const ticket = named.get(ticket_id);
              return (
                <List.Item key={ticket_id} data-testid="bulk-refused-item" data-ticket-id={ticket_id} data-code={code}>
                  {ticket ? (
                    <Anchor component={Link} to={ticketEditPath(ticket)} size="sm" fw={600}>
                      <bdi>#{ticket.createdAt}</bdi>
                    </Anchor>
                  ) : (
                    <bdi>#{ticket_id}</bdi>
                  )}
                  {t("bulk.reason_separator")}
                  <span data-testid="bulk-refused-reason">{errorText("", code)}</span>
                </List.Item>
              );
            })}
          </List>
        </>
      )}
    </Alert>
  );
}
