/**
 * Quick replies for the ticket's category (spec/2-staff-ticket-work.md §2: 400px high): the category's replies and the
 * general ones, a search box over title and text, and a click hands the reply's text to the page
 * (which puts it into the reply box).
 */
import { Card, Center, Loader, ScrollArea, Stack, Text, TextInput, Title, UnstyledButton } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchCategoryQuickReplies, quickRepliesKey } from "./notes/api.ts";

/** The panel's height (spec/2-staff-ticket-work.md §9). */
const PANEL_HEIGHT = 400;

export function QuickReplyPanel({ category, onPick }: { category: number; onPick: (message: string) => void }) {
  const { t } = useTranslation("staffChat");
  const [search, setSearch] = useState("");
  const replies = useQuery({
    queryKey: quickRepliesKey(category),
    queryFn: () => fetchCategoryQuickReplies(category),
    staleTime: 60_000,
  });
  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    const all = replies.data ?? [];
    if (!q) return all;
    return all.filter((r) => `${r.title}\n${r.message}`.toLocaleLowerCase().includes(q));
  }, [replies.data, search]);

  return (
    <Card withBorder radius="md" padding="sm" h={PANEL_HEIGHT} data-testid="quick-reply-panel">
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
