/** Staff ticket page (spec 2): the URL carries base64 ticket_info with ticketId, email, ticketNumber. */
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { decodeTicketInfo } from "../../../../common/ticket-code.ts";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";

export default function TicketEditPage() {
  const { t } = useTranslation("edit");
  const { ticketInfo = "" } = useParams();
  const info = decodeTicketInfo(ticketInfo);
  const title = info?.ticketNumber ? t("title_with_number", { number: info.ticketNumber }) : t("title");
  const breadcrumbs = useAdminCrumbs({ label: t("tickets", { ns: "sidebar" }), to: "/admin/ticket" }, { label: title });
  return <PagePlaceholder title={title} breadcrumbs={breadcrumbs} />;
}
