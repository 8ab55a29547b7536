/** Staff list (spec 3 §2.2). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";

export default function UsersPage() {
  const { t } = useTranslation("users");
  const title = t("title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  return <PagePlaceholder title={title} subtitle={t("subtitle")} breadcrumbs={breadcrumbs} />;
}
