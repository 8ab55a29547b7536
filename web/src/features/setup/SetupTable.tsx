/**
 * A setup list as a table (spec/3-staff-administration.md §2.4): one row in edit at a time (its form spans the row), an
 * add button under the table that opens an empty form in the last row, and the row's buttons.
 */
import { Button, Center, Group, Loader, Paper, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { NEW_ROW, type RowEdit, type RowKey } from "./useRowEdit.ts";

export interface SetupColumn<T> {
  key: string;
  header: ReactNode;
  render(item: T): ReactNode;
  /** Narrow columns (flags, numbers) do not wrap. */
  nowrap?: boolean;
}

interface SetupTableProps<T> {
  items: readonly T[] | undefined;
  loading: boolean;
  columns: SetupColumn<T>[];
  rowEdit: RowEdit;
  /** A row's key in `rowEdit` (default: its id); unique over every table sharing the `rowEdit`. */
  rowKey?: (item: T) => RowKey;
  /** The add form's key (default NEW_ROW); tables sharing a `rowEdit` need one each. */
  newKey?: RowKey;
  /** The form in place of a row in edit, or of the new row when `item` is null. */
  renderForm(item: T | null): ReactNode;
  renderActions(item: T): ReactNode;
  /** The add button, when the caller may add. */
  addLabel?: string;
  actionsHeader: string;
  emptyText: string;
  testId: string;
}

const byId = (item: unknown) => (item as { id: number }).id;

export function SetupTable<T>(props: SetupTableProps<T>) {
  const { items, loading, columns, rowEdit, renderForm, renderActions, addLabel, testId } = props;
  const keyOf = props.rowKey ?? byId;
  const newKey = props.newKey ?? NEW_ROW;
  const span = columns.length + 1;
  return (
    <Paper withBorder radius="md" p="md">
      {loading ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} style={column.nowrap ? { whiteSpace: "nowrap" } : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
                <Table.Th style={{ width: 1, whiteSpace: "nowrap" }}>{props.actionsHeader}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(items ?? []).map((item) =>
                rowEdit.isEditing(keyOf(item)) ? (
                  <Table.Tr key={keyOf(item)} data-testid={`${testId}-row`}>
                    <Table.Td colSpan={span}>{renderForm(item)}</Table.Td>
                  </Table.Tr>
                ) : (
                  <Table.Tr key={keyOf(item)} data-testid={`${testId}-row`}>
                    {columns.map((column) => (
                      <Table.Td key={column.key} style={column.nowrap ? { whiteSpace: "nowrap" } : undefined}>
                        {column.render(item)}
                      </Table.Td>
                    ))}
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{renderActions(item)}</Table.Td>
                  </Table.Tr>
                ),
              )}
              {items?.length === 0 && !rowEdit.isEditing(newKey) && (
                <Table.Tr>
                  <Table.Td colSpan={span}>
                    <Text c="dimmed" size="sm" ta="center" py="sm">
                      {props.emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rowEdit.isEditing(newKey) && (
                <Table.Tr>
                  <Table.Td colSpan={span}>{renderForm(null)}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {addLabel && (
        <Group justify="flex-end" mt="sm">
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={rowEdit.busy || loading}
            onClick={() => rowEdit.start(newKey)}
            data-testid={`${testId}-add`}
          >
            {addLabel}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
