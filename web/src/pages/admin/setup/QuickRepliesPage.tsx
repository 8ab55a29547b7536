/**
 * Quick replies (spec/3-staff-administration.md §2.4): title, message and the categories each is offered in. Create
 * (quick_response:create), edit and delete (quick_response:edit), categories
 * (quick_response:set_categories); one row in edit at a time, its text or its categories.
 */
import { ActionIcon, Badge, Group, MultiSelect, Text, Textarea, Tooltip } from "@mantine/core";
import { IconTags } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { quickReplyMessageField, SETUP_LIMITS, titleField } from "../../../../../common/schemas/setup.ts";
import { alsoShownIn, type Category, type QuickReply, setupApi, setupKeys } from "../../../features/setup/api.ts";
import { TitleInput } from "../../../features/setup/EntryFields.tsx";
import { RowActions } from "../../../features/setup/RowActions.tsx";
import { fieldError, SetupForm } from "../../../features/setup/SetupForm.tsx";
import { SetupPage } from "../../../features/setup/SetupPage.tsx";
import { SetupTable } from "../../../features/setup/SetupTable.tsx";
import { useRowEdit } from "../../../features/setup/useRowEdit.ts";
import { useSetupList } from "../../../features/setup/useSetupList.ts";
import { categoryTitle } from "../../../features/tickets/ticketDisplay.ts";
import { useSession } from "../../../session/SessionContext.ts";

/** Chips shown per cell before "+n" (spec/3-staff-administration.md §9: chip limit 4). */
const CHIPS = 4;

function CategoryChips({ ids, categories }: { ids: number[]; categories: Category[] }) {
  const { t, i18n } = useTranslation("setup");
  if (ids.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("quick_replies.all_categories")}
      </Text>
    );
  const names = ids.map((id) =>
    categoryTitle(
      categories.find((c) => c.id === id),
      i18n.language,
    ),
  );
  return (
    <Group gap={4}>
      {names.slice(0, CHIPS).map((name, i) => (
        <Badge key={ids[i]} variant="outline" style={{ textTransform: "none" }}>
          {name}
        </Badge>
      ))}
      {names.length > CHIPS && (
        <Tooltip label={names.slice(CHIPS).join(", ")}>
          <Badge variant="light">+{names.length - CHIPS}</Badge>
        </Tooltip>
      )}
    </Group>
  );
}

export default function QuickRepliesPage() {
  const { t, i18n } = useTranslation("setup");
  const { can } = useSession();
  const rowEdit = useRowEdit();
  const [mode, setMode] = useState<"text" | "categories">("text");
  const replies = useSetupList({
    key: setupKeys.quickReplies,
    load: setupApi.fetchQuickReplies,
    alsoShownIn: alsoShownIn.quickReplies,
  });
  const categories = useSetupList({ key: setupKeys.categories, load: setupApi.fetchCategories });
  const live = categories.data ?? [];

  const start = (id: number, next: "text" | "categories") => {
    if (rowEdit.busy) return;
    setMode(next);
    rowEdit.start(id);
  };

  const textForm = (reply: QuickReply | null) => {
    const initial = { title: reply?.title ?? "", message: reply?.message ?? "" };
    return (
      <SetupForm
        initial={initial}
        isValid={(d) => titleField.safeParse(d.title).success && quickReplyMessageField.safeParse(d.message).success}
        onSubmit={(d) =>
          replies.apply(() =>
            reply
              ? setupApi.editQuickReply(reply.id, d.title, d.message)
              : setupApi.createQuickReply(d.title, d.message),
          )
        }
        onCancel={rowEdit.stop}
        testId="quick-reply-form"
      >
        {(draft, update) => (
          <>
            <TitleInput value={draft.title} initial={initial.title} onChange={(title) => update({ title })} />
            <Textarea
              label={t("fields.message")}
              required
              autosize
              minRows={3}
              maxRows={10}
              maxLength={SETUP_LIMITS.quickReplyMessage}
              value={draft.message}
              onChange={(e) => update({ message: e.currentTarget.value })}
              error={fieldError(
                quickReplyMessageField.safeParse(draft.message).success,
                draft.message !== initial.message,
                t("errors.message"),
              )}
              dir="auto"
              data-testid="quick-reply-message"
            />
          </>
        )}
      </SetupForm>
    );
  };

  const categoriesForm = (reply: QuickReply) => {
    const initial = { categories: reply.categories.map(String) };
    const options = live.map((c) => ({ value: String(c.id), label: categoryTitle(c, i18n.language) }));
    return (
      <SetupForm
        initial={initial}
        isValid={() => true}
        onSubmit={(d) => replies.apply(() => setupApi.setQuickReplyCategories(reply.id, d.categories.map(Number)))}
        onCancel={rowEdit.stop}
        testId="quick-reply-categories-form"
      >
        {(draft, update) => (
          <MultiSelect
            label={t("quick_replies.categories_of", { title: reply.title })}
            description={t("quick_replies.categories_hint")}
            data={options}
            value={draft.categories.filter((id) => options.some((o) => o.value === id))}
            onChange={(value) => update({ categories: value })}
            searchable
            clearable
            data-testid="quick-reply-categories"
          />
        )}
      </SetupForm>
    );
  };

  return (
    <SetupPage title={t("quick_replies.title")} subtitle={t("quick_replies.subtitle")}>
      <SetupTable
        items={replies.data}
        loading={replies.isPending}
        rowEdit={rowEdit}
        testId="quick-reply-table"
        actionsHeader={t("columns.actions")}
        emptyText={t("quick_replies.empty")}
        addLabel={can("quick_response:create") ? t("quick_replies.add") : undefined}
        columns={[
          {
            key: "title",
            header: t("columns.title"),
            render: (r) => (
              <Text size="sm" fw={600} dir="auto">
                {r.title}
              </Text>
            ),
          },
          {
            key: "message",
            header: t("columns.message"),
            render: (r) => (
              <Text size="sm" lineClamp={2} dir="auto" title={r.message}>
                {r.message}
              </Text>
            ),
          },
          {
            key: "categories",
            header: t("columns.categories"),
            render: (r) => <CategoryChips ids={r.categories} categories={live} />,
          },
        ]}
        renderForm={(reply) => (reply && mode === "categories" ? categoriesForm(reply) : textForm(reply))}
        renderActions={(reply) => (
          <RowActions
            rowKey={reply.id}
            rowEdit={{ ...rowEdit, start: (id) => start(Number(id), "text") }}
            canEdit={can("quick_response:edit")}
            canDelete={can("quick_response:edit")}
            deleteMessage={t("quick_replies.delete_confirm")}
            onDelete={() => replies.apply(() => setupApi.deleteQuickReply(reply.id))}
          >
            {can("quick_response:set_categories") && (
              <Tooltip label={t("quick_replies.set_categories")}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t("quick_replies.set_categories")}
                  disabled={rowEdit.busy}
                  onClick={() => start(reply.id, "categories")}
                  data-testid="quick-reply-set-categories"
                >
                  <IconTags size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </RowActions>
        )}
      />
    </SetupPage>
  );
}
