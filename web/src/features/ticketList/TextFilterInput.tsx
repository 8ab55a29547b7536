/** A search box with its match mode, Contains (1) or Exact (2) (spec/2-staff-ticket-work.md §5, spec/3-staff-administration.md §2.3). */
import { Group, Select, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SearchMode, TextFilter } from "./rememberedList.ts";

interface TextFilterInputProps {
  label: string;
  filter: TextFilter;
  onChange(change: Partial<TextFilter>): void;
  testId: string;
  /** Only digits (a ticket id). */
  numeric?: boolean;
}

export function TextFilterInput({ label, filter, onChange, testId, numeric = false }: TextFilterInputProps) {
  const { t } = useTranslation("ticketList");
  const modes = [
    { value: "1", label: t("mode.contains") },
    { value: "2", label: t("mode.exact") },
  ];
  return (
    <Group gap={4} wrap="nowrap" align="flex-end">
      <TextInput
        label={label}
        value={filter.value}
        onChange={(event) => {
          const value = event.currentTarget.value;
          // A ticket id is a number: anything else could only be refused by the server.
          onChange({ value: numeric ? value.replace(/\D/g, "") : value });
        }}
        inputMode={numeric ? "numeric" : undefined}
        maxLength={200}
        style={{ flex: 1, minWidth: 0 }}
        data-testid={testId}
      />
      <Select
        aria-label={t("search.mode_for", { field: label })}
        data={modes}
        value={String(filter.mode)}
        onChange={(value) => onChange({ mode: (value === "2" ? 2 : 1) as SearchMode })}
        allowDeselect={false}
        w={110}
        data-testid={`${testId}-mode`}
      />
    </Group>
  );
}
