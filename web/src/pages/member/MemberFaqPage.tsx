/** The FAQ inside the member area (spec 1 §2). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function MemberFaqPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t("faq.title")} />;
}
