/**
 * The staff list's calls (spec/3-staff-administration.md §7 "Staff management"), typed by the server's own schemas. A list
 * row is an employee with what the caller may do to them (its `abilities`).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Permission, StaffRank } from "../../../../common/permissions.ts";
import type { StaffListEmployee as Employee, EmployeeListResponse } from "../../../../common/schemas/staffUsers.ts";
import { api } from "../../api/client.ts";

export type { Employee };

export const staffUserKeys = {
  list: ["staff-users"] as const,
  ticketNumbers: (ids: readonly number[]) => ["staff-users", "ticket-numbers", ids.join(",")] as const,
  userPermissions: (id: number) => ["staff-users", "permissions", id] as const,
  rankPermissions: (rank: StaffRank) => ["rank-permissions", rank] as const,
  allPermissions: ["all-permissions"] as const,
};

/** The staff list: fetch-devs with scope=all, whose answer is the list's shape of the route's two. */
export async function fetchEmployees(): Promise<EmployeeListResponse> {
  return (await api.call("fetchDevs", { scope: "all" })) as EmployeeListResponse;
}

export function useEmployees() {
  return useQuery({ queryKey: staffUserKeys.list, queryFn: fetchEmployees });
}

/** Active tickets per employee, for the rows on the list. */
export function useActiveTicketNumbers(ids: readonly number[]) {
  return useQuery({
    queryKey: staffUserKeys.ticketNumbers(ids),
    queryFn: async () =>
      (await api.call("fetchDevsActiveTicketNumbers", { dev_ids: [...ids] })).devs_active_ticket_numbers,
    enabled: ids.length > 0,
  });
}

export function useAllPermissions() {
  return useQuery({
    queryKey: staffUserKeys.allPermissions,
    queryFn: async () => (await api.call("getAllPermissions")).permissions,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export async function fetchRankPermissions(rank: StaffRank): Promise<Permission[]> {
  return (await api.call("getRankPermissions", { rank })).permissions;
}

export function useUserPermissions(userId: number) {
  return useQuery({
    queryKey: staffUserKeys.userPermissions(userId),
    queryFn: async () => (await api.call("getUserPermissions", { user_id: userId })).permissions,
  });
}

export async function emailExists(email: string): Promise<boolean> {
  return (await api.call("checkNewUserEmail", { email })).exists;
}

export type PermissionChange = {
  add_list: Permission[];
  remove_list: Permission[];
};

export function createUser(
  body: { email: string; user_class: "user" | "dev"; user_rank?: StaffRank } & PermissionChange,
) {
  return api.call("createNewUser", body);
}

export function changeResponsibilities(userId: number, categories: number[], servers: number[]) {
  return api.call("changeDevResponsibilities", { user_id: userId, categories, servers });
}

export function changeUserPermissions(userId: number, rank: StaffRank, change: PermissionChange) {
  return api.call("changeUserPermissions", { user_id: userId, rank, ...change });
}

/** date: DD.MM.YYYY or "indefinite". */
export function disableUser(id: number, date: string) {
  return api.call("disableUserUntil", { id, date });
}

export function enableUser(id: number) {
  return api.call("enableUser", { id });
}

export function disperseTickets(id: number) {
  return api.call("disperseUserTickets", { id });
}

export function changePassword(devId: number, password: string, rePassword: string) {
  return api.call("changePassword", { dev_id: devId, password, re_password: rePassword });
}

export function deleteUser(userId: number) {
  return api.call("deleteDev", { user_id: userId });
}

/** After any change: the list and the counts again (the answer of a call is one row; others may have moved too). */
export function useRefreshStaffList() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: staffUserKeys.list }), [queryClient]);
}
