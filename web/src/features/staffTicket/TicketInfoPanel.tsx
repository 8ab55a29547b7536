/**
 * Ticket info (spec/2-staff-ticket-work.md §2): the ticket's facts, with category and priority editable when the
 * ticket's abilities allow it (among the categories they name); save stays disabled until
 * something changes.
 */
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TicketPlayer } from "../../../../common/schemas/staffTickets.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { categoryTitle, statusLabelKey } from "../tickets/ticketDisplay.ts";
import { type StaffTicketFull, useAllCategories, usePriorities } from "./api.ts";

interface Props {
  ticket: StaffTicketFull;
  user: TicketPlayer;
  serverTitle: string;
  canEdit: boolean;
  onSave: (category: number, priority: number) => Promise<void>;
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: "anywhere" }}>
        {value || "—"}
      </Text>
    </div>
  );
}

export function TicketInfoPanel({ ticket, user, serverTitle, canEdit, onSave }: Props) {
  const { t, i18n } = useTranslation("ticketPage");
  const categories = useAllCategories();
  const priorities = usePriorities();
  const [category, setCategory] = useState(String(ticket.category));
  const [priority, setPriority] = useState(String(ticket.priority));
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setCategory(String(ticket.category));
    setPriority(String(ticket.priority));
  }, [ticket.category, ticket.priority]);

  const live = categories.data?.live ?? [];
  const current = [...live, ...(categories.data?.deleted ?? [])].find((c) => c.id === ticket.category);
  const allowed = ticket.abilities.categories;
  // A disabled category takes no tickets (spec/3-staff-administration.md §2.4); the ticket's own stays listed.
  const categoryOptions = live
    .filter((c) => c.id === ticket.category || (!c.disabled && (allowed === "any" || allowed.includes(c.id))))
    .map((c) => ({ value: String(c.id), label: categoryTitle(c, i18n.language) }));
  if (current && !live.some((c) => c.id === current.id)) {
    categoryOptions.push({
      value: String(current.id),
      label: t("info.deleted_category", { title: categoryTitle(current, i18n.language) }),
    });
  }
  const priorityOptions = (priorities.data ?? []).map((p) => ({ value: String(p.id), label: p.title }));
  const changed = category !== String(ticket.category) || priority !== String(ticket.priority);

  const save = async () => {
    setSaving(true);
    try {
      await onSave(Number(category), Number(priority));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="ticket-info">
      <Stack gap="sm">
        <Title order={4}>{t("info.title")}</Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <Fact label={t("info.status")} value={t(statusLabelKey(ticket.status))} testId="ticket-page-status" />
          <Fact label={t("info.player")} value={user.name} />
          <Fact label={t("info.email")} value={ticket.email} />
          <Fact label={t("info.character")} value={ticket.characterName} />
          <Fact label={t("info.server")} value={serverTitle} />
          {ticket.violatersName && <Fact label={t("info.violator")} value={ticket.violatersName} />}
          <Fact label={t("info.created")} value={formatDateTime(ticket.createdAt)} />
          <Fact label={t("info.updated")} value={formatDateTime(ticket.lastUpdated)} />
        </SimpleGrid>
        <Select
          label={t("info.category")}
          data={categoryOptions}
          value={category}
          onChange={(v) => v && setCategory(v)}
          disabled={!canEdit}
          allowDeselect={false}
          data-testid="ticket-category"
        />
        <Select
          label={t("info.priority")}
          data={priorityOptions}
          value={priority}
          onChange={(v) => v && setPriority(v)}
          disabled={!canEdit}
          allowDeselect={false}
          data-testid="ticket-priority"
        />
        {canEdit && (
          <Group justify="flex-end">
            <Button onClick={save} disabled={!changed} loading={saving} data-testid="ticket-info-save">
              {t("info.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
