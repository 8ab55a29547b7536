/**
 * Assign (spec/2-staff-ticket-work.md §2, §4, §6): a category among those the caller may choose and an employee of
 * the list the server answers for that category (fetch-assignees: the eligibility rule the assign
 * call checks), or Auto. Whether the caller chooses the employee at all, and which categories, are
 * the ticket's abilities (the server's rules). A notice says when the category will change.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { categoryTitle } from "../tickets/ticketDisplay.ts";
import { type StaffTicketFull, useAllCategories, useAssignees } from "./api.ts";

const AUTO = "auto";

interface Props {
  opened: boolean;
  ticket: StaffTicketFull;
  onClose: () => void;
  onAssign: (category: number, devId: number | undefined) => Promise<void>;
}

export function AssignModal({ opened, ticket, onClose, onAssign }: Props) {
  const { t, i18n } = useTranslation("ticketPage");
  const categories = useAllCategories();
  const [category, setCategory] = useState(String(ticket.category));
  const [employee, setEmployee] = useState(AUTO);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setCategory(String(ticket.category));
      setEmployee(AUTO);
    }
  }, [opened, ticket.category]);

  const { categories: allowed, choose_employee: choosesEmployee } = ticket.abilities;
  const live = categories.data?.live ?? [];
  // A disabled category takes no tickets (spec/3-staff-administration.md §2.4); the ticket's own stays listed.
  const choosable = live.filter(
    (c) => c.id === ticket.category || (!c.disabled && (allowed === "any" || allowed.includes(c.id))),
  );
  const categoryId = Number(category);
  const assignees = useAssignees(ticket.id, categoryId, opened && choosesEmployee);
  const eligible = assignees.data ?? [];
  const categoryChanges = categoryId !== ticket.category;
  const newTitle = categoryTitle(
    live.find((c) => c.id === categoryId),
    i18n.language,
  );

  const submit = async () => {
    setBusy(true);
    try {
      await onAssign(categoryId, employee === AUTO || !choosesEmployee ? undefined : Number(employee));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("assign.title")} centered data-testid="assign-modal">
      <Stack>
        <Select
          label={t("assign.category")}
          data={choosable.map((c) => ({ value: String(c.id), label: categoryTitle(c, i18n.language) }))}
          value={category}
          onChange={(v) => {
            if (!v) return;
            setCategory(v);
            setEmployee(AUTO);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="assign-category"
        />
        {!choosesEmployee ? (
          <Text size="sm" c="dimmed" data-testid="assign-dev-rank">
            {t("assign.dev_rank_hint")}
          </Text>
        ) : (
          <Select
            label={t("assign.employee")}
            description={employee === AUTO ? t("assign.auto_hint") : undefined}
            data={[
              { value: AUTO, label: t("assign.auto") },
              ...eligible.map((d) => ({ value: String(d.id), label: d.name })),
            ]}
            value={employee}
            onChange={(v) => v && setEmployee(v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="assign-employee"
          />
        )}
        {categoryChanges && (
          <Alert color="yellow" variant="light" data-testid="assign-category-notice">
            {t("assign.category_notice", { category: newTitle })}
          </Alert>
        )}
        {assignees.data && eligible.length === 0 && (
          <Text size="sm" c="red">
            {t("assign.no_one")}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button onClick={submit} loading={busy} data-testid="assign-submit">
            {t("assign.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
