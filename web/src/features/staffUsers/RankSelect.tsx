/**
 * The rank choice of the create and edit dialogs: the ranks the server says the caller may give
 * (the list's or the row's abilities); the others are shown, turned off.
 */
import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { STAFF_RANKS, type StaffRank } from "../../../../common/permissions.ts";

export function RankSelect({
  label,
  value,
  onChange,
  placeholder,
  allowed,
  testId,
}: {
  label: string;
  value: StaffRank | null;
  onChange(rank: StaffRank): void;
  placeholder?: string;
  allowed: readonly StaffRank[];
  testId: string;
}) {
  const { t } = useTranslation("users");
  return (
    <Select
      label={label}
      required
      placeholder={placeholder}
      data={STAFF_RANKS.map((r) => ({
        value: r,
        label: t(`ranks.${r}`),
        disabled: !allowed.includes(r),
      }))}
      value={value}
      onChange={(next) => next && onChange(next as StaffRank)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
