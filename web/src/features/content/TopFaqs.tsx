/** The first five FAQs (spec/1-product-frame.md §9) with a link to the full FAQ page; used on the two home pages. */
import { Anchor, Group, Stack, Title, useDirection } from "@mantine/core";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FAQS_ON_LANDING } from "../../../../common/constants.ts";
import { useFaqs } from "./api.ts";
import { FAQ_ENTRY_MAX_WIDTH, FaqList, FaqListSkeleton } from "./FaqList.tsx";

export function TopFaqs({ faqPath }: { faqPath: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useFaqs();
  const { dir } = useDirection();
  const Arrow = dir === "rtl" ? IconArrowLeft : IconArrowRight;
  return (
    <Stack gap="sm" maw={FAQ_ENTRY_MAX_WIDTH} data-testid="top-faqs">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={3} size="h4">
          {t("landing.top_faqs")}
        </Title>
        <Anchor component={Link} to={faqPath} size="sm" data-testid="all-faqs-link">
          <Group gap={4} wrap="nowrap">
            {t("faq.see_all")}
            <Arrow size={14} />
          </Group>
        </Anchor>
      </Group>
      {isPending ? <FaqListSkeleton /> : isError ? null : <FaqList faqs={(data ?? []).slice(0, FAQS_ON_LANDING)} />}
    </Stack>
  );
}
