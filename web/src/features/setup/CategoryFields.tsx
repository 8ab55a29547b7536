/**
 * The category form's own fields (spec/3-staff-administration.md §2.4, §7): the violator-form flag and one title per
 * language (empty: players of that language read the category's own title).
 */
import { Checkbox, Fieldset, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES, type Language, RTL_LANGUAGES } from "../../../../common/constants.ts";
import { SETUP_LIMITS } from "../../../../common/schemas/setup.ts";
import type { Category, CategoryFields as Fields } from "./api.ts";
import { entryDraft } from "./EntryFields.tsx";

export function categoryDraft(category: Category | null): Fields {
  // Every language is named, so that clearing one sends it empty rather than leaving it out.
  const locales = Object.fromEntries(LANGUAGES.map((code) => [code, category?.locales[code] ?? ""])) as Record<
    Language,
    string
  >;
  return { ...entryDraft(category), has_violaters_form: category?.has_violaters_form ?? false, locales };
}

export function localesValid(draft: Fields): boolean {
  return Object.values(draft.locales).every((text) => (text ?? "").trim().length <= SETUP_LIMITS.localeTitle);
}

export function CategoryFields({ draft, update }: { draft: Fields; update(patch: Partial<Fields>): void }) {
  const { t } = useTranslation("setup");
  return (
    <>
      <Checkbox
        label={t("category.violaters_form")}
        description={t("category.violaters_form_hint")}
        checked={draft.has_violaters_form}
        onChange={(e) => update({ has_violaters_form: e.currentTarget.checked })}
        data-testid="category-violaters-form"
      />
      <Fieldset legend={t("category.locales")} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing="xs">
          {LANGUAGES.map((code) => (
            <TextInput
              key={code}
              label={LANGUAGE_NAMES[code]}
              lang={code}
              dir={RTL_LANGUAGES.includes(code) ? "rtl" : "ltr"}
              maxLength={SETUP_LIMITS.localeTitle}
              value={draft.locales[code] ?? ""}
              onChange={(e) => update({ locales: { ...draft.locales, [code]: e.currentTarget.value } })}
              data-testid={`category-locale-${code}`}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
    </>
  );
}
