/**
 * Session (spec/1-product-frame.md §4): a pulse check on start builds the user from the id token; staff then load
 * their permissions. Nothing below renders until both are known, so route guards decide from
 * what the server said, never from a guess.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from "react";
import type { Permission } from "../../../common/permissions.ts";
import { fetchPermissions, logout as logoutCall, pulseCheck } from "../api/auth.ts";
import { MainLoader } from "../ui/Loaders.tsx";
import { SessionContext, type SessionValue } from "./SessionContext.ts";
import { useSessionLanguage } from "./useLanguage.ts";

export const SESSION_QUERY_KEY = ["session"] as const;
/** Every user's permission list lives under this key (SessionLiveUpdates reloads it). */
export const PERMISSIONS_QUERY_KEY = ["permissions"] as const;

function useNotificationPermissionOnce(signedIn: boolean) {
  const asked = useRef(false);
  useEffect(() => {
    if (!signedIn || asked.current || !("Notification" in window)) return;
    asked.current = true;
    if (Notification.permission === "default") {
      Notification.requestPermission().catch((error: unknown) => console.warn("Notification permission", error));
    }
  }, [signedIn]);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: pulseCheck, retry: false, staleTime: Infinity });
  if (session.error) console.error("Failed to load account info.", session.error);

  const user = session.data?.user ?? null;
  const temp = session.data?.temp ?? false;
  const isStaff = user?.class === "dev" && !temp;
  const isMember = user?.class === "user" && !temp;

  const permissionsQuery = useQuery({
    queryKey: [...PERMISSIONS_QUERY_KEY, user?.id],
    queryFn: fetchPermissions,
    enabled: isStaff,
    retry: false,
    staleTime: Infinity,
  });
  // spec/1-product-frame.md §8: a failed permission load is logged only; the user simply holds none.
  if (permissionsQuery.error) console.error("Failed to load permissions", permissionsQuery.error);

  useSessionLanguage(user);
  useNotificationPermissionOnce(user !== null && !temp);

  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } catch (error) {
      console.error("Logout failed", error);
    }
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ queryKey: PERMISSIONS_QUERY_KEY });
    // A full load of /login: route guards must not react to the cleared user first, and every
    // piece of signed-in state (socket, caches, language) starts again from nothing.
    window.location.assign("/login");
  }, [queryClient]);

  const permissionList = permissionsQuery.data;
  const value = useMemo<SessionValue>(() => {
    const permissions = new Set<Permission>(isStaff ? (permissionList ?? []) : []);
    return {
      user,
      temp,
      isStaff,
      isMember,
      permissions,
      accountError: session.isError,
      can: (permission) => permissions.has(permission),
      logout,
    };
  }, [user, temp, isStaff, isMember, permissionList, session.isError, logout]);

  const loading = session.isPending || (isStaff && permissionsQuery.isPending);
  if (loading) return <MainLoader />;
  return <SessionContext value={value}>{children}</SessionContext>;
}
