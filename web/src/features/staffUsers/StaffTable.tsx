/**
 * The staff table (spec/3-staff-administration.md §2.2): #, avatar, name, e-mail, categories, servers, rank, disabled
 * until, active tickets, actions. Up to four chips a cell and "+n" for the rest; headers sort.
 */
import { ActionIcon, Avatar, Badge, Group, Table, Text, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../ui/formatDate.ts";
import { SortHeader } from "../../ui/SortHeader.tsx";
import type { Employee } from "./api.ts";
import { RankBadge } from "./RankBadge.tsx";
import { avatarSource, chips, type StaffSort, type StaffSortKey } from "./staffTable.ts";

export interface RowAction {
  key: string;
  label: string;
  icon: ReactNode;
  color?: string;
  run(employee: Employee): void;
}

/** One chip per id; an id with no live entry reads UNK (spec/3-staff-administration.md §2.4), so ids are the keys. */
function Chips({ ids, label, testId }: { ids: number[]; label(id: number): string; testId: string }) {
  const { shown, more } = chips(ids);
  return (
    <Group gap={4} data-testid={testId}>
      {shown.map((id) => (
        <Badge key={id} variant="outline" size="sm" radius="sm" tt="none" maw={150} title={label(id)}>
          <bdi>{label(id)}</bdi>
        </Badge>
      ))}
      {more > 0 && (
        <Tooltip label={ids.slice(shown.length).map(label).join(", ")} withArrow>
          <Badge
            variant="light"
            color="gray"
            size="sm"
            radius="sm"
            style={{ minWidth: "max-content" }}
            data-testid="chips-more"
          >
            +{more}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

export function StaffTable({
  rows,
  sort,
  onSort,
  tickets,
  categoryLabel,
  serverLabel,
  actionsFor,
}: {
  rows: Employee[];
  sort: StaffSort;
  onSort(key: StaffSortKey): void;
  tickets: Record<string, number> | undefined;
  categoryLabel(id: number): string;
  serverLabel(id: number): string;
  actionsFor(employee: Employee): RowAction[];
}) {
  const { t } = useTranslation("users");
  const header = (field: StaffSortKey, label: string) => (
    <SortHeader field={field} sort={sort} onSort={onSort}>
      {t(label)}
    </SortHeader>
  );
  const nowrap = { whiteSpace: "nowrap" } as const;
  return (
    <Table.ScrollContainer minWidth={1280}>
      <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" fz="sm" data-testid="staff-table">
        <Table.Thead>
          <Table.Tr>
            {header("id", "columns.number")}
            <Table.Th>{t("columns.avatar")}</Table.Th>
            {header("name", "columns.name")}
            {header("email", "columns.email")}
            <Table.Th style={nowrap}>{t("columns.categories")}</Table.Th>
            <Table.Th style={nowrap}>{t("columns.servers")}</Table.Th>
            {header("rank", "columns.rank")}
            {header("disabled_until", "columns.disabled")}
            {header("tickets", "columns.tickets")}
            <Table.Th style={nowrap}>{t("columns.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((employee) => (
            <Table.Tr key={employee.id} data-testid="staff-row" data-user-id={employee.id} data-email={employee.email}>
              <Table.Td>{employee.id}</Table.Td>
              <Table.Td>
                <Avatar src={avatarSource(employee.avatar)} size={28} radius="xl" color="blue" alt="">
                  {employee.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </Table.Td>
              <Table.Td style={nowrap} fw={600}>
                <bdi>{employee.name}</bdi>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" truncate="end" dir="ltr" ta="start">
                  {employee.email}
                </Text>
              </Table.Td>
              <Table.Td miw={170} maw={320}>
                <Chips ids={employee.categories} label={categoryLabel} testId="staff-categories" />
              </Table.Td>
              <Table.Td miw={120} maw={240}>
                <Chips ids={employee.servers} label={serverLabel} testId="staff-servers" />
              </Table.Td>
              <Table.Td style={nowrap}>
                <RankBadge rank={employee.rank} />
              </Table.Td>
              <Table.Td style={nowrap} data-testid="staff-disabled">
                {!employee.disabled ? (
                  <Text size="sm" c="dimmed" span>
                    -
                  </Text>
                ) : employee.disabled_until === -1 ? (
                  <Badge color="red" variant="light">
                    {t("disable.indefinite")}
                  </Badge>
                ) : (
                  <Badge color="orange" variant="light">
                    {formatDateTime(employee.disabled_until)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td data-testid="staff-tickets">{tickets?.[String(employee.id)] ?? "…"}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {actionsFor(employee).map((action) => (
                    <Tooltip key={action.key} label={action.label} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={action.color}
                        aria-label={action.label}
                        onClick={() => action.run(employee)}
                        data-testid={`action-${action.key}`}
                      >
                        {action.icon}
                      </ActionIcon>
                    </Tooltip>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
