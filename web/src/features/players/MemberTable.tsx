/**
 * The player results (spec/3-staff-administration.md §2.3): id, name, e-mail, characters (name, level, server), tickets
 * (active of all) and the ban; headers sort; a row opens the player's profile.
 */
import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { MemberSortField } from "../../../../common/schemas/playerAdmin.ts";
import { SortHeader } from "../../ui/SortHeader.tsx";
import type { ListSort } from "../ticketList/rememberedList.ts";
import type { StaffMember } from "./api.ts";
import { BanState } from "./BanState.tsx";

/** Characters shown per row; the rest are counted (spec/3-staff-administration.md §9: four chips a cell). */
const CHIPS = 4;

export const memberProfilePath = (memberId: number) => `/admin/members/member-profile/${memberId}`;

interface MemberTableProps {
  members: StaffMember[];
  sort: ListSort<MemberSortField>;
  onSort(key: MemberSortField): void;
}

export function MemberTable({ members, sort, onSort }: MemberTableProps) {
  const { t } = useTranslation("players");
  const navigate = useNavigate();
  const header = (field: MemberSortField, label: string) => (
    <SortHeader field={field} sort={sort} onSort={onSort}>
      {t(label)}
    </SortHeader>
  );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table highlightOnHover verticalSpacing="xs" fz="sm" data-testid="member-table">
        <Table.Thead>
          <Table.Tr>
            {header("id", "columns.id")}
            {header("name", "columns.name")}
            {header("email", "columns.email")}
            <Table.Th>{t("columns.characters")}</Table.Th>
            <Table.Th style={{ whiteSpace: "nowrap" }}>{t("columns.tickets")}</Table.Th>
            {header("banned_until", "columns.banned")}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr
              key={member.id}
              onClick={() => navigate(memberProfilePath(member.id))}
              style={{ cursor: "pointer" }}
              data-testid="member-row"
              data-member-id={member.id}
            >
              <Table.Td c="dimmed">{member.id}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Anchor
                  component={Link}
                  to={memberProfilePath(member.id)}
                  fw={600}
                  size="sm"
                  onClick={(event) => event.stopPropagation()}
                  data-testid="member-link"
                >
                  <bdi>{member.name}</bdi>
                </Anchor>
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" truncate="end" dir="ltr" ta="start" data-testid="member-email">
                  {member.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {member.characters.slice(0, CHIPS).map((c) => (
                    <Badge
                      key={`${c.server_id}-${c.characterName}`}
                      variant="default"
                      style={{ textTransform: "none" }}
                    >
                      <bdi>{c.characterName}</bdi> · {c.characterLevel} · <bdi>{c.server}</bdi>
                    </Badge>
                  ))}
                  {member.characters.length > CHIPS && (
                    <Badge variant="outline">+{member.characters.length - CHIPS}</Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }} data-testid="member-tickets">
                {t("tickets_cell", { count: member.n_active_tickets, total: member.n_tickets })}
              </Table.Td>
              <Table.Td miw={230}>
                <BanState banned={member.banned} until={member.banned_until} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
