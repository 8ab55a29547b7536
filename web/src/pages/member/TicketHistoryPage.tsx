/** The member's own tickets, paged (spec 1 §2). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function TicketHistoryPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t("member.ticket_history.title")} subtitle={t("member.ticket_history.subtitle")} />;
}
