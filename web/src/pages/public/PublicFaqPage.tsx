/** The public FAQ (spec 1 §2): expandable entries in two columns come later. */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function PublicFaqPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t("faq.title")} />;
}
