/**
 * The permission options of the create and edit dialogs (spec/3-staff-administration.md §5): grouped by area; an option
 * can be toggled only if the acting user holds that permission. With the admin rank every option
 * is on and none can be changed (the admin rank holds every permission).
 */
import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PERMISSIONS, type Permission } from "../../../../common/permissions.ts";
import { AREAS, areaLabelKey, permissionLabelKey } from "./permissionLabels.ts";

export function PermissionChecklist({
  value,
  held,
  allOn,
  onChange,
}: {
  value: ReadonlySet<Permission>;
  held: ReadonlySet<Permission>;
  /** The admin rank: everything on, nothing to toggle. */
  allOn: boolean;
  onChange(next: Set<Permission>): void;
}) {
  const { t } = useTranslation("users");
  const toggle = (permission: Permission, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(permission);
    else next.delete(permission);
    onChange(next);
  };
  return (
    <Stack gap={6} data-testid="permission-checklist">
      <Text size="sm" fw={600}>
        {t("permissions.label")}
      </Text>
      {allOn && (
        <Text size="xs" c="dimmed">
          {t("permissions.admin_all")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {AREAS.map((area) => (
          <Paper key={area} withBorder p="xs" radius="sm">
            <Text size="xs" fw={700} c="dimmed" mb={4}>
              {t(areaLabelKey(area))}
            </Text>
            <Group gap={6}>
              {PERMISSIONS.filter((p) => p.startsWith(`${area}:`)).map((permission) => {
                const locked = allOn || !held.has(permission);
                const box = (
                  <Checkbox
                    key={permission}
                    size="xs"
                    label={t(permissionLabelKey(permission))}
                    checked={allOn || value.has(permission)}
                    disabled={locked}
                    onChange={(event) => toggle(permission, event.currentTarget.checked)}
                    data-testid={`permission-${permission}`}
                  />
                );
                return !allOn && locked ? (
                  <Tooltip key={permission} label={t("permissions.not_held")} withArrow>
                    <span>{box}</span>
                  </Tooltip>
                ) : (
                  <span key={permission}>{box}</span>
                );
              })}
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** What the dialog sends: the options turned on and off relative to `base`. */
export function permissionDiff(base: ReadonlySet<Permission>, value: ReadonlySet<Permission>) {
  return {
    add_list: PERMISSIONS.filter((p) => value.has(p) && !base.has(p)),
    remove_list: PERMISSIONS.filter((p) => !value.has(p) && base.has(p)),
  };
}

/**
 * A rank's defaults as the acting user may apply them: options they hold follow the defaults,
 * the others keep their current state (they cannot change those).
 */
export function applyRankDefaults(
  defaults: readonly Permission[],
  current: ReadonlySet<Permission>,
  held: ReadonlySet<Permission>,
): Set<Permission> {
  return new Set(PERMISSIONS.filter((p) => (held.has(p) ? defaults.includes(p) : current.has(p))));
}
