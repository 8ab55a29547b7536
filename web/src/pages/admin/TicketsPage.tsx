/** Staff ticket list and search, /admin/ticket (spec/2-staff-ticket-work.md §2). */
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import { TicketList } from "../../features/ticketList/TicketList.tsx";
import { useSession } from "../../session/SessionContext.ts";

export default function TicketsPage() {
  const { t } = useTranslation("ticketList");
  const { user } = useSession();
  const title = t("title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      {user && <TicketList key={user.id} userId={user.id} />}
    </>
  );
}
