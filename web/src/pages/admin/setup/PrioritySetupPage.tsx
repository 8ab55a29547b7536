/**
 * Priority setup (spec/3-staff-administration.md §2.4): title, style, value and the default; create, edit, delete and set
 * the default (priority:set_default). The default priority cannot be deleted.
 */
import { ActionIcon, Badge, Tooltip } from "@mantine/core";
import { IconStar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { alsoShownIn, type PriorityLevel, setupApi, setupKeys } from "../../../features/setup/api.ts";
import { DeletedEntries } from "../../../features/setup/DeletedEntries.tsx";
import { EntryForm } from "../../../features/setup/EntryFields.tsx";
import { RowActions } from "../../../features/setup/RowActions.tsx";
import { SetupPage } from "../../../features/setup/SetupPage.tsx";
import { SetupTable } from "../../../features/setup/SetupTable.tsx";
import { StyleBadge } from "../../../features/setup/StyleFields.tsx";
import { useRowEdit } from "../../../features/setup/useRowEdit.ts";
import { useSetupList } from "../../../features/setup/useSetupList.ts";
import { useSession } from "../../../session/SessionContext.ts";
import { confirmAction } from "../../../ui/confirmAction.ts";

export default function PrioritySetupPage() {
  const { t } = useTranslation("setup");
  const { can } = useSession();
  const rowEdit = useRowEdit();
  const priorities = useSetupList({
    key: setupKeys.priorities,
    load: setupApi.fetchPriorities,
    alsoShownIn: alsoShownIn.priorities,
  });

  const makeDefault = async (priority: PriorityLevel) => {
    if (await confirmAction({ message: t("priority.default_confirm", { title: priority.title }) })) {
      await priorities.apply(() => setupApi.setDefaultPriority(priority.id));
    }
  };

  return (
    <SetupPage title={t("priority.title")} subtitle={t("priority.subtitle")}>
      <SetupTable
        items={priorities.data}
        loading={priorities.isPending}
        rowEdit={rowEdit}
        testId="priority-table"
        actionsHeader={t("columns.actions")}
        emptyText={t("priority.empty")}
        addLabel={can("setup:create") ? t("priority.add") : undefined}
        columns={[
          { key: "title", header: t("columns.title"), render: (p) => <span dir="auto">{p.title}</span> },
          { key: "style", header: t("columns.style"), render: (p) => <StyleBadge style={p.style} label={p.title} /> },
          { key: "value", header: t("columns.value"), render: (p) => p.value, nowrap: true },
          {
            key: "default",
            header: t("columns.default"),
            nowrap: true,
            render: (p) =>
              p.default ? (
                <Badge
                  color="yellow"
                  variant="light"
                  leftSection={<IconStar size={12} />}
                  data-testid="priority-default"
                >
                  {t("priority.is_default")}
                </Badge>
              ) : null,
          },
        ]}
        renderForm={(entry) => (
          <EntryForm
            entry={entry}
            list={priorities}
            create={setupApi.createPriority}
            edit={setupApi.editPriority}
            onClose={rowEdit.stop}
            testId="priority-form"
          />
        )}
        renderActions={(priority) => (
          <RowActions
            rowKey={priority.id}
            rowEdit={rowEdit}
            canEdit={can("setup:edit")}
            canDelete={can("setup:edit")}
            deleteBlocked={priority.default ? t("priority.default_locked") : undefined}
            onDelete={() => priorities.apply(() => setupApi.deletePriority(priority.id))}
          >
            {can("priority:set_default") && !priority.default && (
              <Tooltip label={t("priority.make_default")}>
                <ActionIcon
                  variant="subtle"
                  color="yellow"
                  aria-label={t("priority.make_default")}
                  disabled={rowEdit.busy}
                  onClick={() => void makeDefault(priority)}
                  data-testid="priority-make-default"
                >
                  <IconStar size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </RowActions>
        )}
      />
      <DeletedEntries
        queryKey={setupKeys.deletedPriorities}
        load={setupApi.fetchDeletedPriorities}
        label={t("priority.deleted")}
      />
    </SetupPage>
  );
}
