/** A member's ticket with live chat (spec/1-product-frame.md §2); fetch_code is base64 JSON holding ticketId. */
import { Button, Paper } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { decodeFetchCode } from "../../../../common/ticket-code.ts";
import { ApiError } from "../../api/client.ts";
import { usePlayerTicket } from "../../features/tickets/api.ts";
import { TicketUnavailable } from "../../features/tickets/TicketUnavailable.tsx";
import { TicketView } from "../../features/tickets/TicketView.tsx";
import { PageLoader } from "../../ui/Loaders.tsx";
import { errorText } from "../../ui/useErrorText.ts";

export default function MemberTicketPage() {
  const { t } = useTranslation("edit");
  const { fetchCode = "" } = useParams();
  const ticketId = decodeFetchCode(fetchCode)?.ticketId ?? null;
  const ticket = usePlayerTicket(ticketId);

  const back = (
    <Button component={Link} to="/member/ticket-history" variant="light">
      {t("history.title")}
    </Button>
  );
  if (ticketId === null) return <TicketUnavailable message={t("ticket.bad_link")} action={back} />;
  if (ticket.error) {
    const error = ticket.error;
    const message =
      error instanceof ApiError && error.status === 404
        ? t("ticket.not_found")
        : errorText(error.message, error instanceof ApiError ? error.code : undefined);
    return <TicketUnavailable message={message} action={back} />;
  }
  if (!ticket.data)
    return (
      <Paper withBorder radius="md" pos="relative" mih={300}>
        <PageLoader />
      </Paper>
    );
  return (
    <TicketView
      ticket={ticket.data}
      temporary={false}
      breadcrumbs={[
        { label: t("history.title"), to: "/member/ticket-history" },
        { label: `#${ticket.data.createdAt}` },
      ]}
    />
  );
}
