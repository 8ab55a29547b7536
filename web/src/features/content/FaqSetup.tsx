/**
 * FAQ setup (spec/3-staff-administration.md §2.4): the FAQs with their local and English texts and value, messages
 * expanding on hover. faq:edit opens a row's form (Delete lives there), faq:create adds one
 * at the bottom; while a form is open the other edit and add buttons are disabled. A failed
 * call is logged and opens the error dialog; the loading overlay clears (spec/3-staff-administration.md §8).
 */
import { Box, Group, Paper, Table, Text } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import { useSession } from "../../session/SessionContext.ts";
import { confirmDelete } from "../../ui/confirmAction.ts";
import { PageLoader } from "../../ui/Loaders.tsx";
import { type Faq, useFaqs } from "./api.ts";
import { FaqForm } from "./FaqForm.tsx";
import { canSubmitFaq, emptyFaqDraft, type FaqDraft, faqBodyOf, faqDraftOf } from "./faqDraft.ts";
import { AddRowButton, RowAction } from "./SetupForm.tsx";
import { useFaqSetup } from "./setupApi.ts";
import { TitledText } from "./TitledText.tsx";
import { useRowEditor } from "./useRowEditor.ts";

export function FaqSetup() {
  const { t } = useTranslation("content");
  const { can } = useSession();
  const title = t("faq.title");
  const breadcrumbs = useAdminCrumbs({ label: t("setup", { ns: "sidebar" }) }, { label: title });
  const faqs = useFaqs();
  const mutation = useFaqSetup();
  const editor = useRowEditor<FaqDraft>();
  const canEdit = can("faq:edit");

  const submit = () => {
    if (!editor.draft || editor.open === null) return;
    const body = faqBodyOf(editor.draft);
    const change =
      editor.open === "new" ? { type: "create" as const, body } : { type: "edit" as const, id: editor.open, body };
    mutation.mutate(change, { onSuccess: editor.close });
  };
  const remove = async (id: number) => {
    if (await confirmDelete()) mutation.mutate({ type: "delete", id }, { onSuccess: editor.close });
  };
  const form = (faq: Faq | null) =>
    editor.draft && (
      <FaqForm
        draft={editor.draft}
        submitAllowed={canSubmitFaq(editor.draft, editor.original) && !mutation.isPending}
        busy={mutation.isPending}
        onChange={editor.update}
        onSubmit={submit}
        onCancel={editor.close}
        onDelete={faq ? () => void remove(faq.id) : undefined}
      />
    );
  const rows = faqs.data ?? [];

  return (
    <>
      <PageHeader title={title} subtitle={t("faq.subtitle")} breadcrumbs={breadcrumbs} />
      <Box pos="relative">
        <PageLoader visible={faqs.isPending || mutation.isPending} />
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="faq-setup-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("faq.column_faq")}</Table.Th>
                  <Table.Th>{t("faq.column_faq_english")}</Table.Th>
                  <Table.Th w={80}>{t("faq.column_value")}</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((faq) => (
                  <Table.Tr key={faq.id} data-testid="faq-setup-row" data-id={faq.id}>
                    {editor.open === faq.id ? (
                      <Table.Td colSpan={4}>{form(faq)}</Table.Td>
                    ) : (
                      <>
                        <Table.Td>
                          <TitledText title={faq.title} message={faq.message} />
                        </Table.Td>
                        <Table.Td>
                          <TitledText title={faq.engTitle} message={faq.engMessage} />
                        </Table.Td>
                        <Table.Td>{faq.value}</Table.Td>
                        <Table.Td>
                          {canEdit && (
                            <RowAction
                              label={t("faq.edit")}
                              disabled={editor.open !== null}
                              onClick={() => editor.start(faq.id, faqDraftOf(faq))}
                              testId="faq-edit"
                            >
                              <IconPencil size={18} />
                            </RowAction>
                          )}
                        </Table.Td>
                      </>
                    )}
                  </Table.Tr>
                ))}
                {rows.length === 0 && !faqs.isPending && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" size="sm" ta="center" py="md">
                        {t("faq.empty")}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {editor.open === "new" && (
            <Box style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>{form(null)}</Box>
          )}
        </Paper>
        {can("faq:create") && (
          <Group justify="center" mt="md">
            <AddRowButton
              label={t("faq.add")}
              disabled={editor.open !== null}
              onClick={() => editor.start("new", emptyFaqDraft())}
              testId="faq-add"
            />
          </Group>
        )}
      </Box>
    </>
  );
}
