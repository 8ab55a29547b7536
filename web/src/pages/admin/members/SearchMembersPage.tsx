/** Player search (spec 3 §2.3). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";

export default function SearchMembersPage() {
  const { t } = useTranslation("players");
  const title = t("search_title");
  const breadcrumbs = useAdminCrumbs(
    { label: t("players", { ns: "sidebar" }), to: "/admin/members/search-members" },
    { label: title },
  );
  return <PagePlaceholder title={title} breadcrumbs={breadcrumbs} />;
}
