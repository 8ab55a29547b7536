/** Profile settings (spec 3 §2.5). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";

export default function ProfileSettingsPage() {
  const { t } = useTranslation("account");
  const title = t("profile.title");
  const breadcrumbs = useAdminCrumbs({ label: t("settings", { ns: "sidebar" }) }, { label: title });
  return <PagePlaceholder title={title} subtitle={t("profile.subtitle")} breadcrumbs={breadcrumbs} />;
}
