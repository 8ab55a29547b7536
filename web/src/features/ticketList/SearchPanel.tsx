/**
 * The search panel of /admin/ticket (spec/2-staff-ticket-work.md §2): ticket id, name, e-mail and character name, each
 * Contains or Exact; server, category, status, priority, employee; the tagged-chats filter; the
 * buttons Search, Default, Clear and Advanced Search. Edits stay a draft until Search.
 */
import { Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid } from "@mantine/core";
import { IconAdjustmentsHorizontal } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { STATUS_FILTERS } from "../../../../common/schemas/ticketSearch.ts";
import { useSession } from "../../session/SessionContext.ts";
import { useCategories, useServers } from "../tickets/api.ts";
import { categoryTitle, statusLabelKey } from "../tickets/ticketDisplay.ts";
import { AdvancedSearchModal } from "./AdvancedSearchModal.tsx";
import { useDevs, usePriorities } from "./api.ts";
import { hasAdvancedFilters, type SearchParams, type StatusFilter, type TextFilter } from "./listState.ts";
import { SearchButtons } from "./SearchButtons.tsx";
import { TextFilterInput } from "./TextFilterInput.tsx";

type TextField = "ticketId" | "name" | "email" | "characterName";
const TEXT_FIELDS: { field: TextField; label: string; testId: string }[] = [
  { field: "ticketId", label: "search.ticket_id", testId: "filter-ticket-id" },
  { field: "name", label: "search.name", testId: "filter-name" },
  { field: "email", label: "search.email", testId: "filter-email" },
  { field: "characterName", label: "search.character_name", testId: "filter-character-name" },
];

const ALL = "all";
const toValue = (id: number | null) => (id === null ? ALL : String(id));
const fromValue = (value: string | null) => (value === null || value === ALL ? null : Number(value));

interface SearchPanelProps {
  params: SearchParams;
  onSearch(params: SearchParams): void;
  onDefault(): void;
  onClear(): void;
}

export function SearchPanel({ params, onSearch, onDefault, onClear }: SearchPanelProps) {
  const { t, i18n } = useTranslation("ticketList");
  const { user } = useSession();
  const [draft, setDraft] = useState(params);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const categories = useCategories();
  const servers = useServers();
  const priorities = usePriorities();
  const devs = useDevs();
  const language = i18n.resolvedLanguage ?? "en";

  // Default, Clear and a reload replace the applied filters; the form follows them.
  useEffect(() => setDraft(params), [params]);

  const set = <K extends keyof SearchParams>(key: K, value: SearchParams[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setText = (field: TextField, change: Partial<TextFilter>) =>
    setDraft((current) => ({ ...current, [field]: { ...current[field], ...change } }));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    onSearch(draft);
  };

  const all = { value: ALL, label: t("all") };
  const employees = [
    all,
    { value: "0", label: t("unassigned") },
    ...(user && !devs.data?.some((dev) => dev.id === user.id) ? [{ value: String(user.id), label: user.name }] : []),
    ...(devs.data ?? []).map((dev) => ({ value: String(dev.id), label: dev.name })),
  ];

  return (
    <Paper withBorder radius="md" p="md" mb="md" component="form" onSubmit={submit} data-testid="ticket-search">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {TEXT_FIELDS.map(({ field, label, testId }) => (
          <TextFilterInput
            key={field}
            label={t(label)}
            filter={draft[field]}
            onChange={(change) => setText(field, change)}
            testId={testId}
            numeric={field === "ticketId"}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 5 }} spacing="sm" mt="sm">
        <Select
          label={t("search.server")}
          data={[all, ...(servers.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))]}
          value={toValue(draft.server)}
          onChange={(value) => set("server", fromValue(value))}
          allowDeselect={false}
          data-testid="filter-server"
        />
        <Select
          label={t("search.category")}
          data={[
            all,
            ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: categoryTitle(c, language) })),
          ]}
          value={toValue(draft.category)}
          onChange={(value) => set("category", fromValue(value))}
          allowDeselect={false}
          searchable
          data-testid="filter-category"
        />
        <Select
          label={t("search.status")}
          data={[all, ...STATUS_FILTERS.map((status) => ({ value: status, label: t(statusLabelKey(status)) }))]}
          value={draft.status ?? ALL}
          onChange={(value) => set("status", value === null || value === ALL ? null : (value as StatusFilter))}
          allowDeselect={false}
          data-testid="filter-status"
        />
        <Select
          label={t("search.priority")}
          data={[all, ...(priorities.data ?? []).map((p) => ({ value: String(p.id), label: p.title }))]}
          value={toValue(draft.priority)}
          onChange={(value) => set("priority", fromValue(value))}
          allowDeselect={false}
          data-testid="filter-priority"
        />
        <Select
          label={t("search.employee")}
          data={employees}
          value={toValue(draft.employee)}
          onChange={(value) => set("employee", fromValue(value))}
          allowDeselect={false}
          searchable
          data-testid="filter-employee"
        />
      </SimpleGrid>
      <Group justify="space-between" mt="md" gap="sm">
        <Checkbox
          label={t("search.tagged")}
          checked={draft.tagged}
          onChange={(event) => set("tagged", event.currentTarget.checked)}
          data-testid="filter-tagged"
        />
        <SearchButtons onClear={onClear} onDefault={onDefault}>
          <Button
            variant="light"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={
              hasAdvancedFilters(draft) ? (
                <Badge size="xs" circle data-testid="advanced-active">
                  !
                </Badge>
              ) : undefined
            }
            onClick={() => setAdvancedOpen(true)}
            data-testid="advanced-button"
          >
            {t("buttons.advanced")}
          </Button>
        </SearchButtons>
      </Group>
      <AdvancedSearchModal
        opened={advancedOpen}
        params={draft}
        onClose={() => setAdvancedOpen(false)}
        onApply={(advanced) => {
          const next = { ...draft, ...advanced };
          setDraft(next);
          setAdvancedOpen(false);
          onSearch(next);
        }}
      />
    </Paper>
  );
}
