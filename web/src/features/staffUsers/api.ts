/**
 * The staff list's calls (spec 3 §7 "Staff management"), typed by the server's own schemas. A list
 * row is an employee with what the caller may do to them (its `abilities`).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Permission, StaffRank } from "../../../../common/permissions.ts";
import type {
  CreateNewUserResponse,
  DisperseResponse,
  StaffListEmployee as Employee,
  EmployeeListResponse,
  UserResponse,
} from "../../../../common/schemas/staffUsers.ts";
import { api } from "../../api/client.ts";

export type { Employee };

export const staffUserKeys = {
  list: ["staff-users"] as const,
  ticketNumbers: (ids: readonly number[]) => ["staff-users", "ticket-numbers", ids.join(",")] as const,
  userPermissions: (id: number) => ["staff-users", "permissions", id] as const,
  rankPermissions: (rank: StaffRank) => ["rank-permissions", rank] as const,
  allPermissions: ["all-permissions"] as const,
};

export function useEmployees() {
  return useQuery({
    queryKey: staffUserKeys.list,
    queryFn: () => api.get<EmployeeListResponse>("/api/users/fetch-devs?scope=all"),
  });
}

/** Active tickets per employee, for the rows on the list. */
export function useActiveTicketNumbers(ids: readonly number[]) {
  return useQuery({
    queryKey: staffUserKeys.ticketNumbers(ids),
    queryFn: async () =>
      (
        await api.post<{ devs_active_ticket_numbers: Record<string, number> }>(
          "/api/users/fetch-devs-active-ticket-numbers",
          { dev_ids: ids },
        )
      ).devs_active_ticket_numbers,
    enabled: ids.length > 0,
  });
}

export function useAllPermissions() {
  return useQuery({
    queryKey: staffUserKeys.allPermissions,
    queryFn: async () =>
      (await api.post<{ permissions: Permission[] }>("/api/permissions/get-all-permissions")).permissions,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function fetchRankPermissions(rank: StaffRank): Promise<Permission[]> {
  return api
    .post<{ permissions: Permission[] }>("/api/permissions/get-rank-permissions", { rank })
    .then((r) => r.permissions);
}

export function useUserPermissions(userId: number) {
  return useQuery({
    queryKey: staffUserKeys.userPermissions(userId),
    queryFn: async () =>
      (await api.post<{ permissions: Permission[] }>("/api/permissions/get-user-permissions", { user_id: userId }))
        .permissions,
  });
}

export async function emailExists(email: string): Promise<boolean> {
  return (await api.post<{ exists: boolean }>("/api/users/check-new-user-email", { email })).exists;
}

export type PermissionChange = {
  add_list: Permission[];
  remove_list: Permission[];
};

export function createUser(
  body: { email: string; user_class: "user" | "dev"; user_rank?: StaffRank } & PermissionChange,
): Promise<CreateNewUserResponse> {
  return api.post<CreateNewUserResponse>("/api/users/create-new-user", body);
}

export function changeResponsibilities(userId: number, categories: number[], servers: number[]) {
  return api.post<UserResponse>("/api/users/change-dev-responsibilities", { user_id: userId, categories, servers });
}

export function changeUserPermissions(userId: number, rank: StaffRank, change: PermissionChange) {
  return api.post<UserResponse>("/api/permissions/change-user-permissions", { user_id: userId, rank, ...change });
}

/** date: DD.MM.YYYY or "indefinite". */
export function disableUser(id: number, date: string) {
  return api.post<UserResponse>("/api/users/disable-user-until", { id, date });
}

export function enableUser(id: number) {
  return api.post<UserResponse>("/api/users/enable-user", { id });
}

export function disperseTickets(id: number) {
  return api.post<DisperseResponse>("/api/users/disperse-user-tickets", { id });
}

export function changePassword(devId: number, password: string, rePassword: string) {
  return api.post<UserResponse>("/api/users/change-password", { dev_id: devId, password, re_password: rePassword });
}

export function deleteUser(userId: number) {
  return api.post<{ confirm: boolean }>("/api/users/delete-dev", { user_id: userId });
}

/** After any change: the list and the counts again (the answer of a call is one row; others may have moved too). */
export function useRefreshStaffList() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: staffUserKeys.list }), [queryClient]);
}
