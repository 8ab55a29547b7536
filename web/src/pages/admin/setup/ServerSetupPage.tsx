/** Server setup (spec/3-staff-administration.md §2.4): title, value and style; create, edit, delete; deleted ones apart. */
import { useTranslation } from "react-i18next";
import { alsoShownIn, setupApi, setupKeys } from "../../../features/setup/api.ts";
import { DeletedEntries } from "../../../features/setup/DeletedEntries.tsx";
import { EntryForm } from "../../../features/setup/EntryFields.tsx";
import { RowActions } from "../../../features/setup/RowActions.tsx";
import { SetupPage } from "../../../features/setup/SetupPage.tsx";
import { SetupTable } from "../../../features/setup/SetupTable.tsx";
import { StyleBadge } from "../../../features/setup/StyleFields.tsx";
import { useRowEdit } from "../../../features/setup/useRowEdit.ts";
import { useSetupList } from "../../../features/setup/useSetupList.ts";
import { useSession } from "../../../session/SessionContext.ts";

export default function ServerSetupPage() {
  const { t } = useTranslation("setup");
  const { can } = useSession();
  const rowEdit = useRowEdit();
  const servers = useSetupList({
    key: setupKeys.servers,
    load: setupApi.fetchServers,
    alsoShownIn: alsoShownIn.servers,
  });

  return (
    <SetupPage title={t("server.title")} subtitle={t("server.subtitle")}>
      <SetupTable
        items={servers.data}
        loading={servers.isPending}
        rowEdit={rowEdit}
        testId="server-table"
        actionsHeader={t("columns.actions")}
        emptyText={t("server.empty")}
        addLabel={can("setup:create") ? t("server.add") : undefined}
        columns={[
          { key: "title", header: t("columns.title"), render: (s) => <span dir="auto">{s.title}</span> },
          { key: "style", header: t("columns.style"), render: (s) => <StyleBadge style={s.style} label={s.title} /> },
          { key: "value", header: t("columns.value"), render: (s) => s.value, nowrap: true },
        ]}
        renderForm={(entry) => (
          <EntryForm
            entry={entry}
            list={servers}
            create={setupApi.createServer}
            edit={setupApi.editServer}
            onClose={rowEdit.stop}
            testId="server-form"
          />
        )}
        renderActions={(server) => (
          <RowActions
            rowKey={server.id}
            rowEdit={rowEdit}
            canEdit={can("setup:edit")}
            canDelete={can("setup:edit")}
            onDelete={() => servers.apply(() => setupApi.deleteServer(server.id))}
          />
        )}
      />
      <DeletedEntries
        queryKey={setupKeys.deletedServers}
        load={setupApi.fetchDeletedServers}
        label={t("server.deleted")}
      />
    </SetupPage>
  );
}
