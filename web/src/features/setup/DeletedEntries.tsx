/** A list's deleted entries (spec/3-staff-administration.md §2.4: kept separately), folded away under the table. */
import { Accordion, Group, Text } from "@mantine/core";
import type { QueryKey } from "@tanstack/react-query";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { StyleBadge } from "./StyleFields.tsx";

interface DeletedEntriesProps {
  queryKey: QueryKey;
  load(): Promise<{ id: number; title: string; style: string }[]>;
  label: string;
}

export function DeletedEntries({ queryKey, load, label }: DeletedEntriesProps) {
  const { t } = useTranslation("setup");
  const deleted = useQuery({ queryKey, queryFn: load, retry: false });
  useEffect(() => {
    // spec/3-staff-administration.md §8: a failed setup list load is only logged.
    if (deleted.error) console.error(`Failed to load ${label}`, deleted.error);
  }, [deleted.error, label]);
  const items = deleted.data ?? [];
  return (
    <Accordion variant="contained" radius="md" data-testid="setup-deleted">
      <Accordion.Item value="deleted">
        <Accordion.Control>
          {label} ({items.length})
        </Accordion.Control>
        <Accordion.Panel>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("deleted.none")}
            </Text>
          ) : (
            <Group gap="xs">
              {items.map((item) => (
                <StyleBadge key={item.id} style={item.style} label={item.title} />
              ))}
            </Group>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
