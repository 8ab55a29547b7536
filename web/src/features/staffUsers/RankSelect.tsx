/**
 * The rank choice of the create and edit dialogs: the admin rank only with users:set_admin (spec 3
 * §5), and no rank above one's own.
 */
import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { mayGiveRank, STAFF_RANKS, type StaffRank } from "../../../../common/permissions.ts";
import { useSession } from "../../session/SessionContext.ts";

export function RankSelect({
  label,
  value,
  onChange,
  placeholder,
  testId,
}: {
  label: string;
  value: StaffRank | null;
  onChange(rank: StaffRank): void;
  placeholder?: string;
  testId: string;
}) {
  const { t } = useTranslation("users");
  const { can, user } = useSession();
  return (
    <Select
      label={label}
      required
      placeholder={placeholder}
      data={STAFF_RANKS.map((r) => ({
        value: r,
        label: t(`ranks.${r}`),
        disabled: (r === "admin" && !can("users:set_admin")) || !user || !mayGiveRank(user.rank, r),
      }))}
      value={value}
      onChange={(next) => next && onChange(next as StaffRank)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
