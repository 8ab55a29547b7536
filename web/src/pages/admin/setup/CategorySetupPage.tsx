/**
 * Category setup (spec/3-staff-administration.md §2.4): title, per-language titles, style, value, the disabled flag (a
 * lock icon), the violator-form flag and the number of tickets; create, edit, delete (refused
 * while tickets use it), enable and disable (category:disable), each with its own confirmation.
 */
import { ActionIcon, Group, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconCheck, IconLock, IconLockOpen } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, type Language } from "../../../../../common/constants.ts";
import { alsoShownIn, type Category, setupApi, setupKeys } from "../../../features/setup/api.ts";
import { CategoryFields, categoryDraft, localesValid } from "../../../features/setup/CategoryFields.tsx";
import { DeletedEntries } from "../../../features/setup/DeletedEntries.tsx";
import { EntryFields, entryValid } from "../../../features/setup/EntryFields.tsx";
import { RowActions } from "../../../features/setup/RowActions.tsx";
import { SetupForm } from "../../../features/setup/SetupForm.tsx";
import { SetupPage } from "../../../features/setup/SetupPage.tsx";
import { SetupTable } from "../../../features/setup/SetupTable.tsx";
import { StyleBadge } from "../../../features/setup/StyleFields.tsx";
import { useRowEdit } from "../../../features/setup/useRowEdit.ts";
import { useSetupList } from "../../../features/setup/useSetupList.ts";
import { useSession } from "../../../session/SessionContext.ts";
import { confirmAction } from "../../../ui/confirmAction.ts";

function LocalesCell({ locales }: { locales: Category["locales"] }) {
  const entries = Object.entries(locales).filter(([, text]) => text);
  if (entries.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Tooltip
      multiline
      label={entries.map(([code, text]) => `${LANGUAGE_NAMES[code as Language] ?? code}: ${text}`).join("\n")}
      style={{ whiteSpace: "pre-line" }}
    >
      <Text size="sm" style={{ cursor: "help" }}>
        {entries.map(([code]) => code).join(", ")}
      </Text>
    </Tooltip>
  );
}

export default function CategorySetupPage() {
  const { t } = useTranslation("setup");
  const { can } = useSession();
  const rowEdit = useRowEdit();
  const categories = useSetupList({
    key: setupKeys.categories,
    load: setupApi.fetchCategories,
    alsoShownIn: alsoShownIn.categories,
  });
  const numbers = useQuery({ queryKey: setupKeys.ticketNumbers, queryFn: setupApi.fetchTicketNumbers, retry: false });
  useEffect(() => {
    if (numbers.error) console.error("Failed to load the category ticket numbers", numbers.error);
  }, [numbers.error]);

  const toggle = async (category: Category) => {
    const disable = !category.disabled;
    const message = t(disable ? "category.disable_confirm" : "category.enable_confirm", { title: category.title });
    if (await confirmAction({ message, danger: disable })) {
      await categories.apply(() => setupApi.setCategoryDisabled(category.id, disable));
    }
  };

  const renderForm = (category: Category | null) => {
    const initial = categoryDraft(category);
    return (
      <SetupForm
        initial={initial}
        isValid={(draft) => entryValid(draft) && localesValid(draft)}
        onSubmit={(draft) =>
          categories.apply(() =>
            category ? setupApi.editCategory(category.id, draft) : setupApi.createCategory(draft),
          )
        }
        onCancel={rowEdit.stop}
        testId="category-form"
      >
        {(draft, update) => (
          <>
            <EntryFields draft={draft} initial={initial} update={update} />
            <CategoryFields draft={draft} update={update} />
          </>
        )}
      </SetupForm>
    );
  };

  return (
    <SetupPage title={t("category.title")} subtitle={t("category.subtitle")}>
      <SetupTable
        items={categories.data}
        loading={categories.isPending}
        rowEdit={rowEdit}
        testId="category-table"
        actionsHeader={t("columns.actions")}
        emptyText={t("category.empty")}
        addLabel={can("setup:create") ? t("category.add") : undefined}
        columns={[
          {
            key: "title",
            header: t("columns.title"),
            render: (c) => (
              <Group gap={6} wrap="nowrap">
                {c.disabled && (
                  <Tooltip label={t("category.disabled")}>
                    <ThemeIcon size="sm" variant="light" color="gray" data-testid="category-locked">
                      <IconLock size={14} />
                    </ThemeIcon>
                  </Tooltip>
                )}
                <Text size="sm" c={c.disabled ? "dimmed" : undefined} dir="auto">
                  {c.title}
                </Text>
              </Group>
            ),
          },
          { key: "locales", header: t("columns.locales"), render: (c) => <LocalesCell locales={c.locales} /> },
          { key: "style", header: t("columns.style"), render: (c) => <StyleBadge style={c.style} label={c.title} /> },
          { key: "value", header: t("columns.value"), render: (c) => c.value, nowrap: true },
          {
            key: "violaters",
            header: t("columns.violaters_form"),
            nowrap: true,
            render: (c) => (c.has_violaters_form ? <IconCheck size={16} aria-label={t("yes")} /> : null),
          },
          {
            key: "tickets",
            header: t("columns.tickets"),
            nowrap: true,
            render: (c) => <span data-testid="category-tickets">{numbers.data?.[String(c.id)] ?? "—"}</span>,
          },
        ]}
        renderForm={renderForm}
        renderActions={(category) => (
          <RowActions
            rowKey={category.id}
            rowEdit={rowEdit}
            canEdit={can("setup:edit")}
            canDelete={can("setup:edit")}
            deleteBlocked={(numbers.data?.[String(category.id)] ?? 0) > 0 ? t("category.in_use") : undefined}
            onDelete={() => categories.apply(() => setupApi.deleteCategory(category.id))}
          >
            {can("category:disable") && (
              <Tooltip label={t(category.disabled ? "category.enable" : "category.disable")}>
                <ActionIcon
                  variant="subtle"
                  color={category.disabled ? "green" : "orange"}
                  aria-label={t(category.disabled ? "category.enable" : "category.disable")}
                  disabled={rowEdit.busy}
                  onClick={() => void toggle(category)}
                  data-testid={category.disabled ? "category-enable" : "category-disable"}
                >
                  {category.disabled ? <IconLockOpen size={18} /> : <IconLock size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </RowActions>
        )}
      />
      <DeletedEntries
        queryKey={setupKeys.deletedCategories}
        load={setupApi.fetchDeletedCategories}
        label={t("category.deleted")}
      />
    </SetupPage>
  );
}
