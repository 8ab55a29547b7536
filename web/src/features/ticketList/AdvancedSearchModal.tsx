/**
 * The Advanced Search dialog (spec/2-staff-ticket-work.md §2): subject, description and chat message, and the
 * created-at and last-updated windows from the spec's time filters (§9). Search applies them with
 * the panel's other filters; Reset empties only these.
 */
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TIME_FILTERS } from "../../../../common/constants.ts";
import type { SearchParams } from "./listState.ts";

type Advanced = Pick<SearchParams, "subject" | "description" | "chatMessage" | "createdAt" | "lastUpdated">;

function pick(params: SearchParams): Advanced {
  const { subject, description, chatMessage, createdAt, lastUpdated } = params;
  return { subject, description, chatMessage, createdAt, lastUpdated };
}

const EMPTY: Advanced = { subject: "", description: "", chatMessage: "", createdAt: -1, lastUpdated: -1 };

interface AdvancedSearchModalProps {
  opened: boolean;
  params: SearchParams;
  onClose(): void;
  onApply(advanced: Advanced): void;
}

export function AdvancedSearchModal({ opened, params, onClose, onApply }: AdvancedSearchModalProps) {
  const { t } = useTranslation("ticketList");
  const [draft, setDraft] = useState<Advanced>(() => pick(params));
  useEffect(() => {
    if (opened) setDraft(pick(params));
  }, [opened, params]);

  const windows = [
    { value: "-1", label: t("advanced.any_time") },
    ...TIME_FILTERS.map((seconds) => ({ value: String(seconds), label: t(`window.${seconds}`) })),
  ];
  const text = (key: "subject" | "description" | "chatMessage", label: string, testId: string) => (
    <TextInput
      label={t(label)}
      value={draft[key]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft((current) => ({ ...current, [key]: value }));
      }}
      maxLength={200}
      data-testid={testId}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React bubbles its submit to the panel's form.
    event.stopPropagation();
    onApply(draft);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("advanced.title")} centered size="lg">
      <form onSubmit={submit} data-testid="advanced-search">
        <Stack gap="sm">
          <Text size="sm" c="dimmed" data-testid="advanced-words-hint">
            {t("advanced.words_hint")}
          </Text>
          {text("subject", "advanced.subject", "advanced-subject")}
          {text("description", "advanced.description", "advanced-description")}
          {text("chatMessage", "advanced.chat_message", "advanced-chat-message")}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t("advanced.created_at")}
              data={windows}
              value={String(draft.createdAt)}
              onChange={(value) => setDraft((current) => ({ ...current, createdAt: Number(value ?? -1) }))}
              allowDeselect={false}
              data-testid="advanced-created-at"
            />
            <Select
              label={t("advanced.last_updated")}
              data={windows}
              value={String(draft.lastUpdated)}
              onChange={(value) => setDraft((current) => ({ ...current, lastUpdated: Number(value ?? -1) }))}
              allowDeselect={false}
              data-testid="advanced-last-updated"
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs" mt="sm">
            <Button variant="default" onClick={() => setDraft(EMPTY)} data-testid="advanced-reset">
              {t("advanced.reset")}
            </Button>
            <Button type="submit" data-testid="advanced-apply">
              {t("buttons.search")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
