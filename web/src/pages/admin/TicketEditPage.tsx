/**
 * The staff ticket page, /admin/{ticket_info}/edit (spec/2-staff-ticket-work.md §2): ticket_info is base64 JSON with
 * ticketId, email and ticketNumber (a ticket_code with the id alone also works). Breadcrumb,
 * assignee header, link to the player's view, ticket info, description, chat, notes, quick replies
 * and every status action with its modal.
 */
import { Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { decodeFetchCode, decodeTicketInfo } from "../../../../common/ticket-code.ts";
import { ApiError } from "../../api/client.ts";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import { useStaffTicket } from "../../features/staffTicket/api.ts";
import { TicketWorkspace } from "../../features/staffTicket/TicketWorkspace.tsx";
import { useTicketLive } from "../../features/staffTicket/useTicketLive.ts";
import { TicketUnavailable } from "../../features/tickets/TicketUnavailable.tsx";
import { PageLoader } from "../../ui/Loaders.tsx";
import { errorText } from "../../ui/useErrorText.ts";

export default function TicketEditPage() {
  const { t } = useTranslation("ticketPage");
  const { ticketInfo = "" } = useParams();
  const info = decodeTicketInfo(ticketInfo);
  const ticketId = info?.ticketId ?? decodeFetchCode(ticketInfo)?.ticketId ?? null;
  const query = useStaffTicket(ticketId, info?.email, info?.ticketNumber);
  useTicketLive(ticketId, query.data?.ticket.chat_id);
  const number = query.data?.ticket.createdAt ?? info?.ticketNumber;
  const title = number ? t("number", { number }) : t("title");
  const breadcrumbs = useAdminCrumbs(
    { label: t("tickets", { ns: "sidebar" }), to: "/admin/ticket" },
    { label: number ? String(number) : t("title") },
  );

  let body: ReactNode;
  if (ticketId === null) body = <TicketUnavailable message={t("bad_link")} />;
  else if (query.error) {
    const error = query.error;
    body = (
      <TicketUnavailable
        message={
          error instanceof ApiError && error.status === 404
            ? t("not_found")
            : errorText(error.message, error instanceof ApiError ? error.code : undefined)
        }
      />
    );
  } else if (!query.data)
    body = (
      <Paper withBorder radius="md" pos="relative" mih={300}>
        <PageLoader />
      </Paper>
    );
  else body = <TicketWorkspace ticket={query.data.ticket} player={query.data.user} ticketInfo={ticketInfo} />;

  return (
    <Stack gap={0}>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      {body}
    </Stack>
  );
}
