/** A temporary user's (or visitor's) ticket view (spec 1 §2); ticket_info is base64 JSON with ticketId and email. */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function TemporaryTicketPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t("ticket_view.title")} />;
}
