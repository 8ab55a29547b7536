/** Quick replies (spec 3 §2.4). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";

export default function QuickRepliesPage() {
  const { t } = useTranslation("setup");
  const title = t("quick_replies.title");
  const breadcrumbs = useAdminCrumbs({ label: t("setup", { ns: "sidebar" }) }, { label: title });
  return <PagePlaceholder title={title} subtitle={t("quick_replies.subtitle")} breadcrumbs={breadcrumbs} />;
}
