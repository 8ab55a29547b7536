/** Staff list (spec/3-staff-administration.md §2.2): Home > Users; the route needs users:view (routes.tsx). */
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import { StaffUsersView } from "../../features/staffUsers/StaffUsersView.tsx";

export default function UsersPage() {
  const { t } = useTranslation("users");
  const title = t("title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  return (
    <>
      <PageHeader title={title} subtitle={t("subtitle")} breadcrumbs={breadcrumbs} />
      <StaffUsersView />
    </>
  );
}
