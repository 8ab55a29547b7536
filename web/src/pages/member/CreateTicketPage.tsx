/** Create a ticket (spec 1 §2): the form with category, server, character and attachments comes later. */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function CreateTicketPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t("member.create_ticket.title")} subtitle={t("member.create_ticket.subtitle")} />;
}
