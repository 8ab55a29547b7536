/**
 * Quick replies for the ticket's category (spec/2-staff-ticket-work.md §2: 400px high): the category's replies and the
 * general ones, a search box over title and text, and a click hands the reply's text to the page
 * (which puts it into the reply box). The reply box's button opens it (QuickReplyButton.tsx).
 */
import { Card, Center, Loader, ScrollArea, Stack, Text, TextInput, Title, UnstyledButton } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { filterQuickReplies, useQuickReplies } from "./quickReplies.ts";

/** The panel's height (spec/2-staff-ticket-work.md §9). */
const PANEL_HEIGHT = 400;

interface QuickReplyPanelProps {
  category: number;
  onPick: (message: string) => void;
  /** Its own border; off inside a popover, whose border it has. */
  withBorder?: boolean;
}

export function QuickReplyPanel({ category, onPick, withBorder = true }: QuickReplyPanelProps) {
  const { t } = useTranslation("staffChat");
  const [search, setSearch] = useState("");
  const replies = useQuickReplies(category);
  const shown = useMemo(() => filterQuickReplies(replies.data ?? [], search), [replies.data, search]);

  return (
    <Card withBorder={withBorder} radius="md" padding="sm" h={PANEL_HEIGHT} data-testid="quick-reply-panel">
      <Stack gap="xs" h="100%">
        <Title order={5}>{t("quick.title")}</Title>
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={t("quick.search")}
          aria-label={t("quick.search")}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="quick-reply-search"
        />
        <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
          {replies.isPending ? (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          ) : replies.isError ? (
            <Text size="sm" c="red">
              {t("quick.load_failed")}
            </Text>
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="quick-reply-empty">
              {search.trim() ? t("quick.no_match") : t("quick.empty")}
            </Text>
          ) : (
            <Stack gap={4}>
              {shown.map((reply) => (
                <UnstyledButton
                  key={reply.id}
                  onClick={() => onPick(reply.message)}
                  title={t("quick.insert")}
                  px="xs"
                  py={6}
                  style={{ borderRadius: 6, border: "1px solid var(--mantine-color-default-border)" }}
                  data-testid="quick-reply-item"
                >
                  {/* Replies are written in one language: each keeps its own direction. */}
                  <Text size="sm" fw={600} dir="auto">
                    {reply.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2} dir="auto">
                    {reply.message}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea>
      </Stack>
    </Card>
  );
}
