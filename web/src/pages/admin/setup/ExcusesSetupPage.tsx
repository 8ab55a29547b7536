/**
 * Fast-action excuses (spec/3-staff-administration.md §2.4): the reasons offered when a ticket is resolved or closed
 * with a fast action, one list per action. Add (setup:create), edit and delete (setup:edit); one
 * row in edit at a time over both lists.
 */
import { SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { excuseField, SETUP_LIMITS } from "../../../../../common/schemas/setup.ts";
import { FAST_ACTIONS } from "../../../../../common/schemas/staffTickets.ts";
import { type FastAction, setupApi, setupKeys } from "../../../features/setup/api.ts";
import { RowActions } from "../../../features/setup/RowActions.tsx";
import { fieldError, SetupForm } from "../../../features/setup/SetupForm.tsx";
import { SetupPage } from "../../../features/setup/SetupPage.tsx";
import { SetupTable } from "../../../features/setup/SetupTable.tsx";
import { useRowEdit } from "../../../features/setup/useRowEdit.ts";
import { useSetupList } from "../../../features/setup/useSetupList.ts";
import { useSession } from "../../../session/SessionContext.ts";

export default function ExcusesSetupPage() {
  const { t } = useTranslation("setup");
  const { can } = useSession();
  const rowEdit = useRowEdit();
  const excuses = useSetupList({ key: setupKeys.excuses, load: setupApi.fetchExcuses });
  // Excuses are named by their text (spec/3-staff-administration.md §7): the row key is the action and the text.
  const keyOf = (action: FastAction, text: string) => `${action}:${text}`;

  const form = (action: FastAction, previous: string | null) => {
    const initial = { excuse: previous ?? "" };
    return (
      <SetupForm
        initial={initial}
        isValid={(d) => excuseField.safeParse(d.excuse).success}
        onSubmit={(d) =>
          excuses.apply(() =>
            previous === null ? setupApi.addExcuse(action, d.excuse) : setupApi.editExcuse(action, previous, d.excuse),
          )
        }
        onCancel={rowEdit.stop}
        testId={`excuse-form-${action}`}
      >
        {(draft, update) => (
          <Textarea
            label={t("fields.excuse")}
            required
            autosize
            minRows={1}
            maxRows={6}
            maxLength={SETUP_LIMITS.excuse}
            value={draft.excuse}
            onChange={(e) => update({ excuse: e.currentTarget.value })}
            error={fieldError(
              excuseField.safeParse(draft.excuse).success,
              draft.excuse !== initial.excuse,
              t("errors.excuse"),
            )}
            dir="auto"
            data-testid="excuse-text"
          />
        )}
      </SetupForm>
    );
  };

  return (
    <SetupPage title={t("excuses.title")} subtitle={t("excuses.subtitle")}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {FAST_ACTIONS.map((action) => (
          <Stack key={action} gap="xs">
            <Title order={4}>{t(`excuses.list_${action}`)}</Title>
            <SetupTable
              items={(excuses.data?.[action] ?? []).map((text) => ({ text }))}
              loading={excuses.isPending}
              rowEdit={rowEdit}
              rowKey={(item) => keyOf(action, item.text)}
              newKey={`${action}:new`}
              testId={`excuse-table-${action}`}
              actionsHeader={t("columns.actions")}
              emptyText={t("excuses.empty")}
              addLabel={can("setup:create") ? t("excuses.add") : undefined}
              columns={[
                {
                  key: "text",
                  header: t("columns.excuse"),
                  render: (item) => (
                    <Text size="sm" dir="auto">
                      {item.text}
                    </Text>
                  ),
                },
              ]}
              renderForm={(item) => form(action, item?.text ?? null)}
              renderActions={(item) => (
                <RowActions
                  rowKey={keyOf(action, item.text)}
                  rowEdit={rowEdit}
                  canEdit={can("setup:edit")}
                  canDelete={can("setup:edit")}
                  onDelete={() => excuses.apply(() => setupApi.deleteExcuse(action, item.text))}
                />
              )}
            />
          </Stack>
        ))}
      </SimpleGrid>
    </SetupPage>
  );
}
