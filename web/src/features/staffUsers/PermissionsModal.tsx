/**
 * Edit permissions (spec/3-staff-administration.md §4, §5): choosing a rank loads its defaults (for the options the
 * editor holds; the others keep their state, since only what one holds can be toggled); the ranks
 * offered are the row's abilities; save only when something differs. A rank change signs the
 * employee out.
 */
import { Alert, Center, Loader } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { holdsEveryPermission, type Permission, type StaffRank } from "../../../../common/permissions.ts";
import { useSession } from "../../session/SessionContext.ts";
import { changeUserPermissions, type Employee, fetchRankPermissions, useUserPermissions } from "./api.ts";
import { DialogFrame } from "./DialogFrame.tsx";
import { applyRankDefaults, PermissionChecklist, permissionDiff } from "./PermissionChecklist.tsx";
import { RankSelect } from "./RankSelect.tsx";
import { failureText, useDialogSubmit } from "./useDialogSubmit.ts";

export function PermissionsModal({ employee, onClose }: { employee: Employee; onClose(): void }) {
  const { t } = useTranslation("users");
  const { permissions: held } = useSession();
  const current = useUserPermissions(employee.id);
  const [rank, setRank] = useState<StaffRank>(employee.rank === "user" ? "dev" : employee.rank);
  const [value, setValue] = useState<Set<Permission> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy, run } = useDialogSubmit(onClose);

  useEffect(() => {
    if (current.data && value === null) setValue(new Set(current.data));
  }, [current.data, value]);

  const base = new Set(current.data ?? []);
  const chooseRank = async (next: StaffRank) => {
    setRank(next);
    try {
      const defaults = await fetchRankPermissions(next);
      setValue(applyRankDefaults(defaults, base, held));
    } catch (failure) {
      setLoadError(failureText(failure));
    }
  };

  const diff = value ? permissionDiff(base, value) : { add_list: [], remove_list: [] };
  const rankChanged = rank !== employee.rank;
  const changed = rankChanged || diff.add_list.length > 0 || diff.remove_list.length > 0;
  return (
    <DialogFrame
      title={t("permissions.title", { name: employee.name })}
      onClose={onClose}
      onConfirm={() => void run(() => changeUserPermissions(employee.id, rank, diff))}
      canConfirm={changed && value !== null}
      busy={busy}
      error={loadError ?? (current.error ? failureText(current.error) : null)}
      testId="permissions-dialog"
    >
      <RankSelect
        label={t("permissions.rank")}
        value={rank}
        onChange={(next) => void chooseRank(next)}
        allowed={employee.abilities.ranks}
        testId="permissions-rank"
      />
      {rankChanged && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="rank-change-note">
          {t("permissions.rank_change_signs_out")}
        </Alert>
      )}
      {value ? (
        <PermissionChecklist value={value} held={held} allOn={holdsEveryPermission(rank)} onChange={setValue} />
      ) : (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
    </DialogFrame>
  );
}
