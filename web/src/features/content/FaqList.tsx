/**
 * FAQ entries as expandable items (spec/1-product-frame.md §2). With `columns` on a wide screen the entries
 * alternate between two independent columns (1 left, 2 right, 3 left…), so opening one entry
 * never moves the other column; small screens get one column in order. Entries are at most
 * 500px wide.
 */
import { Accordion, Box, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconHelpCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Faq } from "./api.ts";
import { LinkifiedText } from "./LinkifiedText.tsx";
import { useTextPicker } from "./localize.ts";

export const FAQ_ENTRY_MAX_WIDTH = 500;
export const FAQ_COLUMN_GAP = 24;

function FaqColumn({ faqs }: { faqs: Faq[] }) {
  const pick = useTextPicker();
  return (
    <Accordion
      multiple
      variant="separated"
      radius="md"
      w="100%"
      maw={FAQ_ENTRY_MAX_WIDTH}
      data-testid="faq-column"
      chevronPosition="right"
    >
      {faqs.map((faq) => (
        <Accordion.Item key={faq.id} value={String(faq.id)} data-testid="faq-entry" data-faq-id={faq.id}>
          <Accordion.Control icon={<IconHelpCircle size={20} color="var(--mantine-primary-color-filled)" />}>
            <Text fw={600} size="sm">
              {/* bdi: an English entry on a right-to-left page keeps its punctuation in place. */}
              <bdi>{pick(faq.title, faq.engTitle)}</bdi>
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
              <bdi>
                <LinkifiedText text={pick(faq.message, faq.engMessage)} />
              </bdi>
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

interface FaqListProps {
  faqs: Faq[];
  /** Two alternating columns on wide screens (the FAQ pages); one column otherwise. */
  columns?: boolean;
}

export function FaqList({ faqs, columns = false }: FaqListProps) {
  const { t } = useTranslation();
  // Read synchronously on the first render so the page never flashes the other layout.
  const wide = useMediaQuery("(min-width: 62em)", undefined, { getInitialValueInEffect: false });
  if (faqs.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="faq-empty">
        {t("faq.empty")}
      </Text>
    );
  }
  if (!columns || !wide) {
    return (
      <Box data-testid="faq-list" data-columns={1}>
        <FaqColumn faqs={faqs} />
      </Box>
    );
  }
  const left = faqs.filter((_, index) => index % 2 === 0);
  const right = faqs.filter((_, index) => index % 2 === 1);
  return (
    <Group
      data-testid="faq-list"
      data-columns={2}
      align="flex-start"
      justify="center"
      gap={FAQ_COLUMN_GAP}
      wrap="nowrap"
    >
      <FaqColumn faqs={left} />
      <FaqColumn faqs={right} />
    </Group>
  );
}

/** Placeholder rows while the FAQs load. */
export function FaqListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="sm" maw={FAQ_ENTRY_MAX_WIDTH} data-testid="faq-loading">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <Skeleton key={index} height={48} radius="md" />
      ))}
    </Stack>
  );
}
