/**
 * The staff list with its actions (spec/3-staff-administration.md §2.2): a row offers the actions its abilities allow (the
 * server's rules: permissions, rank order, users:set_admin, oneself), enable or disable as the
 * employee is; the create button and its ranks are the list's abilities. One dialog open at a time.
 */
import { Button, Center, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import {
  IconArrowsSplit,
  IconKey,
  IconLock,
  IconLockOpen,
  IconShieldCog,
  IconTrash,
  IconUserPlus,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { TablePager } from "../../ui/TablePager.tsx";
import { useCategories, useServers } from "../tickets/api.ts";
import { categoryTitle } from "../tickets/ticketDisplay.ts";
import { type Employee, useActiveTicketNumbers, useEmployees, useRefreshStaffList } from "./api.ts";
import { CreateUserModal } from "./CreateUserModal.tsx";
import { DisableModal } from "./DisableModal.tsx";
import { PasswordModal } from "./PasswordModal.tsx";
import { PermissionsModal } from "./PermissionsModal.tsx";
import { ResponsibilitiesModal } from "./ResponsibilitiesModal.tsx";
import { type RowAction, StaffTable } from "./StaffTable.tsx";
import { DEFAULT_STAFF_PAGE_SIZE, DEFAULT_STAFF_SORT, pageOf, sortEmployees, toggleSort } from "./staffTable.ts";
import { useConfirmedActions } from "./useConfirmedActions.ts";

type Dialog =
  | { kind: "create" }
  | { kind: "responsibilities" | "permissions" | "disable" | "password"; employee: Employee };

export function StaffUsersView() {
  const { t, i18n } = useTranslation("users");
  const employees = useEmployees();
  const rows = employees.data?.devs;
  const ids = useMemo(() => (rows ?? []).map((e) => e.id), [rows]);
  const tickets = useActiveTicketNumbers(ids);
  const categories = useCategories();
  const servers = useServers();
  const refresh = useRefreshStaffList();
  const confirmed = useConfirmedActions();
  const [sort, setSort] = useState(DEFAULT_STAFF_SORT);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_STAFF_PAGE_SIZE);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const language = i18n.resolvedLanguage ?? "en";

  const sorted = useMemo(() => sortEmployees(rows ?? [], sort, tickets.data), [rows, sort, tickets.data]);
  const shown = pageOf(sorted, page, pageSize);

  const actionsFor = (employee: Employee): RowAction[] => {
    const may = employee.abilities;
    const open = (kind: Exclude<Dialog["kind"], "create">) => () => setDialog({ kind, employee });
    const actions: (RowAction | false)[] = [
      may.responsibilities && {
        key: "responsibilities",
        label: t("actions.responsibilities"),
        icon: <IconUsersGroup size={18} />,
        run: open("responsibilities"),
      },
      may.permissions && {
        key: "permissions",
        label: t("actions.permissions"),
        icon: <IconShieldCog size={18} />,
        run: open("permissions"),
      },
      employee.disabled
        ? may.enable && {
            key: "enable",
            label: t("actions.enable"),
            icon: <IconLockOpen size={18} />,
            color: "green",
            run: confirmed.enable,
          }
        : may.disable && {
            key: "disable",
            label: t("actions.disable"),
            icon: <IconLock size={18} />,
            color: "orange",
            run: open("disable"),
          },
      may.disperse && {
        key: "disperse",
        label: t("actions.disperse"),
        icon: <IconArrowsSplit size={18} />,
        run: confirmed.disperse,
      },
      may.password && {
        key: "password",
        label: t("actions.password"),
        icon: <IconKey size={18} />,
        run: open("password"),
      },
      may.delete && {
        key: "delete",
        label: t("actions.delete"),
        icon: <IconTrash size={18} />,
        color: "red",
        run: confirmed.remove,
      },
    ];
    return actions.filter((a): a is RowAction => a !== false);
  };

  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      {employees.data?.abilities.create && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconUserPlus size={18} />}
            onClick={() => setDialog({ kind: "create" })}
            data-testid="create-user"
          >
            {t("actions.create")}
          </Button>
        </Group>
      )}
      <Paper withBorder radius="md" p="xs">
        {employees.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : shown.rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg" data-testid="staff-empty">
            {t("no_entries")}
          </Text>
        ) : (
          <StaffTable
            rows={shown.rows}
            sort={sort}
            onSort={(key) => setSort((current) => toggleSort(current, key))}
            tickets={tickets.data}
            categoryLabel={(id) =>
              categoryTitle(
                categories.data?.find((c) => c.id === id),
                language,
              )
            }
            serverLabel={(id) => servers.data?.find((s) => s.id === id)?.title ?? "UNK"}
            actionsFor={actionsFor}
          />
        )}
      </Paper>
      <TablePager
        page={shown.page}
        pages={shown.pages}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        labels={{ perPage: t("per_page"), total: t("total", { count: sorted.length }) }}
        testIds={{ root: "staff-pager", size: "staff-pager-size" }}
      />
      {dialog?.kind === "create" && (
        <CreateUserModal
          ranks={employees.data?.abilities.ranks ?? []}
          onClose={close}
          onCreated={() => void refresh()}
        />
      )}
      {dialog?.kind === "responsibilities" && <ResponsibilitiesModal employee={dialog.employee} onClose={close} />}
      {dialog?.kind === "permissions" && <PermissionsModal employee={dialog.employee} onClose={close} />}
      {dialog?.kind === "disable" && <DisableModal employee={dialog.employee} onClose={close} />}
      {dialog?.kind === "password" && <PasswordModal employee={dialog.employee} onClose={close} />}
    </Stack>
  );
}
