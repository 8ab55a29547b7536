/**
 * The fields both ticket forms share (spec/1-product-frame.md §2, §5): category (disabled ones hidden, in the
 * reader's language), server, the violator's name for categories that ask for it, subject and
 * description with their counters.
 */
import { Select, SimpleGrid } from "@mantine/core";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../../common/constants.ts";
import { useCategories, useServers } from "./api.ts";
import { LimitedTextarea, LimitedTextInput } from "./LimitedInputs.tsx";
import { categoryTitle } from "./ticketDisplay.ts";

export interface TicketDraft {
  category: string | null;
  server: string | null;
  violatersName: string;
  subject: string;
  description: string;
}

const EMPTY: TicketDraft = { category: null, server: null, violatersName: "", subject: "", description: "" };

export function useTicketDraft() {
  const [draft, setDraft] = useState<TicketDraft>(EMPTY);
  const categories = useCategories();
  const servers = useServers();
  const category = categories.data?.find((c) => String(c.id) === draft.category);
  const needsViolator = category?.has_violaters_form ?? false;
  const valid =
    category !== undefined &&
    draft.server !== null &&
    draft.subject.trim().length > 0 &&
    draft.subject.length <= LIMITS.subject &&
    draft.description.trim().length > 0 &&
    draft.description.length <= LIMITS.description &&
    (!needsViolator || (draft.violatersName.trim().length > 0 && draft.violatersName.length <= LIMITS.violatorName));
  const update = (patch: Partial<TicketDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const fields = {
    category: Number(draft.category),
    server: Number(draft.server),
    violatersName: needsViolator ? draft.violatersName.trim() : "",
    subject: draft.subject.trim(),
    description: draft.description.trim(),
  };
  return {
    draft,
    update,
    valid,
    needsViolator,
    fields,
    loading: categories.isPending || servers.isPending,
    error: categories.error ?? servers.error,
  };
}
export type TicketDraftState = ReturnType<typeof useTicketDraft>;

interface TicketFormFieldsProps {
  state: TicketDraftState;
  disabled?: boolean;
  /** Fields that belong between the server and the violator's name (the member's character). */
  afterServer?: ReactNode;
}

export function TicketFormFields({ state, disabled, afterServer }: TicketFormFieldsProps) {
  const { t, i18n } = useTranslation("edit");
  const language = i18n.resolvedLanguage ?? "en";
  const categories = useCategories();
  const servers = useServers();
  const { draft, update, needsViolator } = state;

  const categoryOptions = useMemo(
    () =>
      (categories.data ?? [])
        .filter((c) => !c.disabled)
        .sort((a, b) => a.value - b.value)
        .map((c) => ({ value: String(c.id), label: categoryTitle(c, language) })),
    [categories.data, language],
  );
  const serverOptions = useMemo(
    () =>
      [...(servers.data ?? [])].sort((a, b) => a.value - b.value).map((s) => ({ value: String(s.id), label: s.title })),
    [servers.data],
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t("create_ticket.category")}
          placeholder={t("create_ticket.category_placeholder")}
          data={categoryOptions}
          value={draft.category}
          onChange={(value) => update({ category: value })}
          required
          allowDeselect={false}
          checkIconPosition="right"
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
          data-testid="category-select"
        />
        <Select
          label={t("create_ticket.server")}
          placeholder={t("create_ticket.server_placeholder")}
          data={serverOptions}
          value={draft.server}
          onChange={(value) => update({ server: value })}
          required
          allowDeselect={false}
          checkIconPosition="right"
          disabled={disabled}
          data-testid="server-select"
        />
        {afterServer}
        {needsViolator && (
          <LimitedTextInput
            label={t("create_ticket.violator")}
            description={t("create_ticket.violator_hint")}
            value={draft.violatersName}
            limit={LIMITS.violatorName}
            onChange={(event) => update({ violatersName: event.currentTarget.value })}
            required
            disabled={disabled}
          />
        )}
      </SimpleGrid>
      <LimitedTextInput
        label={t("create_ticket.subject")}
        placeholder={t("create_ticket.subject_placeholder")}
        value={draft.subject}
        limit={LIMITS.subject}
        onChange={(event) => update({ subject: event.currentTarget.value })}
        required
        disabled={disabled}
      />
      <LimitedTextarea
        label={t("create_ticket.description")}
        placeholder={t("create_ticket.description_placeholder")}
        value={draft.description}
        limit={LIMITS.description}
        onChange={(event) => update({ description: event.currentTarget.value })}
        autosize
        minRows={5}
        maxRows={14}
        required
        disabled={disabled}
      />
    </>
  );
}
