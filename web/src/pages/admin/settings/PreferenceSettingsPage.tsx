/** Preferences (spec 3 §2.5). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";

export default function PreferenceSettingsPage() {
  const { t } = useTranslation("account");
  const title = t("preferences.title");
  const breadcrumbs = useAdminCrumbs({ label: t("settings", { ns: "sidebar" }) }, { label: title });
  return <PagePlaceholder title={title} subtitle={t("preferences.subtitle")} breadcrumbs={breadcrumbs} />;
}
