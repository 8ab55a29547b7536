/** A member's ticket with live chat (spec 1 §2); fetch_code is base64 JSON holding ticketId. */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function MemberTicketPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t("ticket_view.title")} />;
}
