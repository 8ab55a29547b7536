/** Edit responsibilities (spec/3-staff-administration.md §2.2, §5): categories and servers; confirm stays off while unchanged. */
import { MultiSelect } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCategories, useServers } from "../tickets/api.ts";
import { categoryTitle } from "../tickets/ticketDisplay.ts";
import { changeResponsibilities, type Employee } from "./api.ts";
import { DialogFrame } from "./DialogFrame.tsx";
import { useDialogSubmit } from "./useDialogSubmit.ts";

const sameSet = (a: readonly string[], b: readonly number[]) =>
  a.length === b.length && b.every((id) => a.includes(String(id)));

export function ResponsibilitiesModal({ employee, onClose }: { employee: Employee; onClose(): void }) {
  const { t, i18n } = useTranslation("users");
  const categories = useCategories();
  const servers = useServers();
  const [categoryIds, setCategoryIds] = useState(employee.categories.map(String));
  const [serverIds, setServerIds] = useState(employee.servers.map(String));
  const { busy, run } = useDialogSubmit(onClose);
  const unchanged = sameSet(categoryIds, employee.categories) && sameSet(serverIds, employee.servers);
  const language = i18n.resolvedLanguage ?? "en";
  return (
    <DialogFrame
      title={t("responsibilities.title", { name: employee.name })}
      onClose={onClose}
      onConfirm={() =>
        void run(() => changeResponsibilities(employee.id, categoryIds.map(Number), serverIds.map(Number)))
      }
      canConfirm={!unchanged}
      busy={busy}
      testId="responsibilities-dialog"
    >
      <MultiSelect
        label={t("columns.categories")}
        data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: categoryTitle(c, language) }))}
        value={categoryIds}
        onChange={setCategoryIds}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid="responsibilities-categories"
      />
      <MultiSelect
        label={t("columns.servers")}
        data={(servers.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
        value={serverIds}
        onChange={setServerIds}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid="responsibilities-servers"
      />
    </DialogFrame>
  );
}
