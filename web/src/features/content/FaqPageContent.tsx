/** The FAQ page body shared by /faq and /member/faq (spec/1-product-frame.md §2). Load failures are logged only. */
import { Box } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useFaqs } from "./api.ts";
import { FAQ_COLUMN_GAP, FAQ_ENTRY_MAX_WIDTH, FaqList, FaqListSkeleton } from "./FaqList.tsx";

/** Two entry columns and the gap between them: the header lines up with the columns. */
const PAGE_MAX_WIDTH = 2 * FAQ_ENTRY_MAX_WIDTH + FAQ_COLUMN_GAP;

export function FaqPageContent() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useFaqs();
  return (
    <Box maw={PAGE_MAX_WIDTH} mx="auto" data-testid="faq-page">
      <PageHeader title={t("faq.title")} subtitle={t("faq.subtitle")} />
      {isPending ? <FaqListSkeleton rows={6} /> : isError ? null : <FaqList faqs={data ?? []} columns />}
    </Box>
  );
}
