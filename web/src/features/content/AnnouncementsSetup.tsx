/**
 * The announcement setup list (spec/3-staff-administration.md §2.4) for players or for employees: one row per
 * announcement with its active checkbox, create, edit and delete, one row in edit at a time.
 * announcement:create adds, announcement:edit edits, switches and deletes (docs/decisions/setup-and-content.md).
 */
import { Box, Checkbox, Group, Paper, Table, Text } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import { useSession } from "../../session/SessionContext.ts";
import { confirmDelete } from "../../ui/confirmAction.ts";
import { PageLoader } from "../../ui/Loaders.tsx";
import { AnnouncementEditor } from "./AnnouncementEditor.tsx";
import { type AnnouncementDraft, bodyOf, canSave, draftOf, emptyDraft, formatDay } from "./announcementDraft.ts";
import { AddRowButton, RowAction } from "./SetupForm.tsx";
import { type AnnouncementKind, type SetupAnnouncement, useAnnouncementSetup } from "./setupApi.ts";
import { TitledText } from "./TitledText.tsx";
import { useRowEditor } from "./useRowEditor.ts";

/** The page's heading keys per kind. */
const HEADINGS = { player: "announcements", employee: "employee_announcements" } as const;

export function AnnouncementsSetup({ kind }: { kind: AnnouncementKind }) {
  const { t } = useTranslation("content");
  const title = t(`${HEADINGS[kind]}.title`);
  const breadcrumbs = useAdminCrumbs({ label: t("setup", { ns: "sidebar" }) }, { label: title });
  const { can } = useSession();
  const withEnglish = kind === "player";
  const { query, mutation } = useAnnouncementSetup(kind);
  const editor = useRowEditor<AnnouncementDraft>();
  const canCreate = can("announcement:create");
  const canEdit = can("announcement:edit");
  const rows = query.data ?? [];
  const columns = withEnglish ? 7 : 6;

  const save = () => {
    if (!editor.draft || editor.open === null) return;
    const body = bodyOf(editor.draft, withEnglish);
    const change =
      editor.open === "new" ? { type: "create" as const, body } : { type: "edit" as const, id: editor.open, body };
    mutation.mutate(change, { onSuccess: editor.close });
  };
  const remove = async (row: SetupAnnouncement) => {
    if (!(await confirmDelete())) return;
    mutation.mutate({ type: "delete", id: row.id });
  };

  const editorRow = (key: number | "new") =>
    editor.draft && (
      <Table.Tr key={key} data-testid="announcement-edit-row">
        <Table.Td colSpan={columns}>
          <AnnouncementEditor
            draft={editor.draft}
            isNew={key === "new"}
            withEnglish={withEnglish}
            saveAllowed={canSave(editor.draft, editor.original, withEnglish) && !mutation.isPending}
            saving={mutation.isPending}
            onChange={editor.update}
            onSave={save}
            onCancel={editor.close}
          />
        </Table.Td>
      </Table.Tr>
    );

  return (
    <>
      <PageHeader title={title} subtitle={t(`${HEADINGS[kind]}.subtitle`)} breadcrumbs={breadcrumbs} />
      <Box pos="relative">
        <PageLoader visible={query.isPending || mutation.isPending} />
        {canCreate && (
          <Group justify="flex-end" mb="sm">
            <AddRowButton
              label={t("setup.add")}
              disabled={editor.open !== null}
              onClick={() => editor.start("new", emptyDraft())}
              testId="announcement-add"
            />
          </Group>
        )}
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={withEnglish ? 760 : 620}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="announcements-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t("setup.active")}</Table.Th>
                  <Table.Th>{t("setup.column_announcement")}</Table.Th>
                  {withEnglish && <Table.Th>{t("setup.column_english")}</Table.Th>}
                  <Table.Th w={70}>{t("setup.value")}</Table.Th>
                  <Table.Th w={100}>{t("setup.start_date")}</Table.Th>
                  <Table.Th w={100}>{t("setup.end_date")}</Table.Th>
                  <Table.Th w={100}>{t("setup.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {editor.open === "new" && editorRow("new")}
                {rows.map((row) =>
                  editor.open === row.id ? (
                    editorRow(row.id)
                  ) : (
                    <Table.Tr key={row.id} data-testid="announcement-row" data-id={row.id}>
                      <Table.Td>
                        <Checkbox
                          checked={row.active}
                          disabled={!canEdit || mutation.isPending}
                          aria-label={t("setup.toggle_active")}
                          onChange={(event) =>
                            mutation.mutate({ type: "setActive", id: row.id, active: event.currentTarget.checked })
                          }
                          data-testid="announcement-active"
                        />
                      </Table.Td>
                      <Table.Td>
                        <TitledText title={row.title} message={row.message} />
                      </Table.Td>
                      {withEnglish && (
                        <Table.Td>
                          <TitledText title={row.engTitle ?? ""} message={row.engMessage ?? ""} />
                        </Table.Td>
                      )}
                      <Table.Td>{row.value}</Table.Td>
                      <Table.Td>{formatDay(row.startDate)}</Table.Td>
                      <Table.Td>{row.endDate === "" ? t("setup.indefinite") : formatDay(row.endDate)}</Table.Td>
                      <Table.Td>
                        {canEdit && (
                          <Group gap={4} wrap="nowrap">
                            <RowAction
                              label={t("setup.edit")}
                              disabled={editor.open !== null}
                              onClick={() => editor.start(row.id, draftOf(row))}
                              testId="announcement-edit"
                            >
                              <IconPencil size={18} />
                            </RowAction>
                            <RowAction
                              label={t("setup.delete")}
                              color="red"
                              disabled={editor.open !== null || mutation.isPending}
                              onClick={() => void remove(row)}
                              testId="announcement-delete"
                            >
                              <IconTrash size={18} />
                            </RowAction>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ),
                )}
                {rows.length === 0 && editor.open !== "new" && !query.isPending && (
                  <Table.Tr>
                    <Table.Td colSpan={columns}>
                      <Text c="dimmed" size="sm" ta="center" py="md" data-testid="announcements-empty">
                        {t("setup.empty")}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Box>
    </>
  );
}
