/**
 * The buttons of a setup row: edit (waits while another row is in edit), delete after the
 * confirmation (spec/3-staff-administration.md §2.4), and any buttons of the list's own.
 */
import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { confirmAction, confirmDelete } from "../../ui/confirmAction.ts";
import type { RowEdit, RowKey } from "./useRowEdit.ts";

interface RowActionsProps {
  rowKey: RowKey;
  rowEdit: RowEdit;
  canEdit: boolean;
  canDelete: boolean;
  onDelete(): Promise<unknown>;
  /** A confirmation of the list's own instead of the common one. */
  deleteMessage?: string;
  /** Why delete is not offered for this row (e.g. the default priority). */
  deleteBlocked?: string;
  children?: ReactNode;
}

export function RowActions({
  rowKey,
  rowEdit,
  canEdit,
  canDelete,
  onDelete,
  deleteMessage,
  deleteBlocked,
  children,
}: RowActionsProps) {
  const { t } = useTranslation("setup");
  const remove = async () => {
    const sure = deleteMessage ? await confirmAction({ message: deleteMessage, danger: true }) : await confirmDelete();
    if (sure) await onDelete();
  };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
      {canEdit && (
        <Tooltip label={t("actions.edit")}>
          <ActionIcon
            variant="subtle"
            aria-label={t("actions.edit")}
            disabled={rowEdit.busy}
            onClick={() => rowEdit.start(rowKey)}
            data-testid="setup-edit"
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={deleteBlocked ?? t("actions.delete")}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("actions.delete")}
            disabled={rowEdit.busy || deleteBlocked !== undefined}
            onClick={() => void remove()}
            data-testid="setup-delete"
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
