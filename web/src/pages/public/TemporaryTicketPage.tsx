/**
 * A temporary user's (or visitor's) ticket view (spec/1-product-frame.md §2, §4); ticket_info is base64 JSON with
 * ticketId and email. Without a session for this ticket, the page opens one with the id and
 * e-mail the link holds (search-ticket-temporary), then shows the ticket and its live chat.
 */
import { Button, Paper } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { decodeTicketInfo } from "../../../../common/ticket-code.ts";
import { ApiError } from "../../api/client.ts";
import { searchTicketTemporary, usePlayerTicket } from "../../features/tickets/api.ts";
import { TicketUnavailable } from "../../features/tickets/TicketUnavailable.tsx";
import { TicketView } from "../../features/tickets/TicketView.tsx";
import { adoptTemporarySession } from "../../features/tickets/temporaryAccess.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { PageLoader } from "../../ui/Loaders.tsx";
import { errorText } from "../../ui/useErrorText.ts";

export default function TemporaryTicketPage() {
  const { t } = useTranslation("edit");
  const { ticketInfo = "" } = useParams();
  const info = decodeTicketInfo(ticketInfo);
  const { user, temp, isStaff } = useSession();
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const ticketId = info?.ticketId ?? null;
  const hasAccess = temp && user !== null && user.ticket_id === ticketId;

  const access = useQuery({
    queryKey: ["temporary-access", ticketId, info?.email],
    queryFn: () => searchTicketTemporary(info?.ticketId ?? 0, info?.email ?? ""),
    enabled: info !== null && !hasAccess && !isStaff,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const ticket = usePlayerTicket(ticketId, hasAccess);

  // Each answer of the look-up is adopted once: it becomes the session, and the socket follows.
  const adopted = useRef<unknown>(null);
  useEffect(() => {
    const opened = access.data;
    if (!opened || adopted.current === opened) return;
    adopted.current = opened;
    adoptTemporarySession(queryClient, opened, { userId: user?.id ?? null, socket });
  }, [access.data, queryClient, user?.id, socket]);

  const findAgain = (
    <Button component={Link} to="/ticket?tab=find" variant="light">
      {t("temporary.find_tab")}
    </Button>
  );
  if (!info) return <TicketUnavailable message={t("ticket.bad_link")} action={findAgain} />;
  if (isStaff) return <TicketUnavailable message={t("temporary.staff_notice")} />;
  if (access.error) {
    // The look-up's refusal by its code, in the visitor's language.
    const error = access.error;
    const message =
      error instanceof ApiError && error.status === 404
        ? t("signals.not_found")
        : errorText(error.message, error instanceof ApiError ? error.code : undefined);
    return <TicketUnavailable message={message} action={findAgain} />;
  }
  if (ticket.error) {
    const notFound = ticket.error instanceof ApiError && ticket.error.status === 404;
    return (
      <TicketUnavailable
        message={
          notFound
            ? t("ticket.not_found")
            : errorText(ticket.error.message, ticket.error instanceof ApiError ? ticket.error.code : undefined)
        }
        action={findAgain}
      />
    );
  }
  if (!ticket.data || !hasAccess)
    return (
      <Paper withBorder radius="md" pos="relative" mih={300}>
        <PageLoader />
      </Paper>
    );
  return <TicketView ticket={ticket.data} temporary />;
}
