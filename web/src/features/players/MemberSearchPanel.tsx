/**
 * The player search panel (spec/3-staff-administration.md §2.3): name, e-mail and character name, each Contains or Exact;
 * the server (All or a server title); the banned filter (not on the banned list, where it is
 * fixed). Edits stay a draft until Search, as on the ticket list.
 */
import { Group, Paper, Select, SimpleGrid } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TextFilter } from "../ticketList/rememberedList.ts";
import { SearchButtons } from "../ticketList/SearchButtons.tsx";
import { TextFilterInput } from "../ticketList/TextFilterInput.tsx";
import { useServers } from "../tickets/api.ts";
import type { MemberSearchParams } from "./memberSearch.ts";

type TextField = "name" | "email" | "characterName";
const TEXT_FIELDS: { field: TextField; label: string; testId: string }[] = [
  { field: "name", label: "search.name", testId: "member-filter-name" },
  { field: "email", label: "search.email", testId: "member-filter-email" },
  { field: "characterName", label: "search.character_name", testId: "member-filter-character" },
];

const ALL = "all";
const BANNED_VALUES: Record<string, boolean | null> = { all: null, banned: true, not_banned: false };
const bannedValue = (banned: boolean | null) => (banned === null ? ALL : banned ? "banned" : "not_banned");

interface MemberSearchPanelProps {
  params: MemberSearchParams;
  /** The banned list: the banned filter is not offered. */
  bannedFixed: boolean;
  onSearch(params: MemberSearchParams): void;
  onClear(): void;
}

export function MemberSearchPanel({ params, bannedFixed, onSearch, onClear }: MemberSearchPanelProps) {
  const { t } = useTranslation("players");
  const [draft, setDraft] = useState(params);
  const servers = useServers();

  // Clear and a reload replace the applied filters; the form follows them.
  useEffect(() => setDraft(params), [params]);

  const setText = (field: TextField, change: Partial<TextFilter>) =>
    setDraft((current) => ({ ...current, [field]: { ...current[field], ...change } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <Paper withBorder radius="md" p="md" mb="md" component="form" onSubmit={submit} data-testid="member-search">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {TEXT_FIELDS.map(({ field, label, testId }) => (
          <TextFilterInput
            key={field}
            label={t(label)}
            filter={draft[field]}
            onChange={(change) => setText(field, change)}
            testId={testId}
          />
        ))}
      </SimpleGrid>
      <Group justify="space-between" align="flex-end" mt="sm" gap="sm">
        <Group gap="sm" align="flex-end">
          <Select
            label={t("search.server")}
            data={[
              { value: ALL, label: t("all") },
              ...(servers.data ?? []).map((s) => ({ value: String(s.id), label: s.title })),
            ]}
            value={draft.server === null ? ALL : String(draft.server)}
            onChange={(value) =>
              setDraft((current) => ({ ...current, server: value === null || value === ALL ? null : Number(value) }))
            }
            allowDeselect={false}
            w={200}
            data-testid="member-filter-server"
          />
          {!bannedFixed && (
            <Select
              label={t("search.banned")}
              data={Object.keys(BANNED_VALUES).map((value) => ({ value, label: t(`banned_filter.${value}`) }))}
              value={bannedValue(draft.banned)}
              onChange={(value) => setDraft((current) => ({ ...current, banned: BANNED_VALUES[value ?? ALL] ?? null }))}
              allowDeselect={false}
              w={200}
              data-testid="member-filter-banned"
            />
          )}
        </Group>
        <SearchButtons onClear={onClear} />
      </Group>
    </Paper>
  );
}
