/**
 * The account calls (spec/3-staff-administration.md §7 Profile, misc to-dos) and the one query of the user's preferences
 * that the chat list, the notification alerts, the ticket page and the preferences page share.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { SessionUser, UserPreferences } from "../../../../common/schemas/auth.ts";
import type { PreferenceFlag } from "../../../../common/schemas/profile.ts";
import type { TicketListColumn } from "../../../../common/ticketListColumns.ts";
import type { Session } from "../../api/auth.ts";
import { api } from "../../api/client.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import type { ServerPayload } from "../../realtime/socketEvents.ts";
import { useReadAgainOnReconnect } from "../../realtime/useReadAgainOnReconnect.ts";
import { useSession } from "../../session/SessionContext.ts";
import { SESSION_QUERY_KEY } from "../../session/SessionProvider.tsx";

export const accountKeys = {
  preferences: ["user-preferences"] as const,
  todos: ["todos"] as const,
};

async function fetchUserPreferences(): Promise<UserPreferences> {
  return (await api.call("fetchUserPreferences")).user_preferences;
}

/** The signed-in staff member's preferences; saved ones arrive through `useLivePreferences`. */
export function usePreferences() {
  const { isStaff } = useSession();
  return useQuery({ queryKey: accountKeys.preferences, queryFn: fetchUserPreferences, enabled: isStaff });
}

export async function saveUserPreferences(flags: Record<PreferenceFlag, boolean>): Promise<UserPreferences> {
  return (await api.call("saveUserPreferences", flags)).user_preferences;
}

/** The staff ticket list's shown columns (docs/decisions/views.md), kept with the preferences. */
export async function saveTicketListColumns(columns: readonly TicketListColumn[]): Promise<UserPreferences> {
  return (await api.call("saveUserPreferences", { ticket_list_columns: [...columns] })).user_preferences;
}

/** Puts a saved preferences record into the shared query (the chat list and alerts read it). */
export function useApplyPreferences(): (saved: UserPreferences) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (saved: UserPreferences) => queryClient.setQueryData(accountKeys.preferences, saved),
    [queryClient],
  );
}

/** A save in another tab of the same user arrives as `user_preferences`: this tab follows. */
export function useLivePreferences(): void {
  const apply = useApplyPreferences();
  const { socket } = useSocket();
  // A save made while the socket was away (or before it first connected) was not heard.
  useReadAgainOnReconnect(accountKeys.preferences);
  useEffect(() => {
    if (!socket) return;
    const onSaved = ({ user_preferences }: ServerPayload<"user_preferences">) => apply(user_preferences);
    socket.on("user_preferences", onSaved);
    return () => {
      socket.off("user_preferences", onSaved);
    };
  }, [socket, apply]);
}

// ---- profile: every call answers the user as the session now sees it

export const profileCalls = {
  name: async (userId: number, name: string): Promise<SessionUser> =>
    (await api.call("changeProfileName", { user_id: userId, name })).user,
  email: async (userId: number, email: string, currentPassword: string): Promise<SessionUser> =>
    (await api.call("changeProfileEmail", { user_id: userId, email, current_password: currentPassword })).user,
  password: async (userId: number, currentPassword: string, password: string): Promise<SessionUser> =>
    (await api.call("changeProfilePassword", { user_id: userId, current_password: currentPassword, password })).user,
  async picture(userId: number, picture: Blob, name: string): Promise<SessionUser> {
    const form = new FormData();
    form.append("user_id", String(userId));
    form.append("files", picture, name);
    return (await api.call("changeProfilePicture", form)).user;
  },
  deletePicture: async (userId: number): Promise<SessionUser> =>
    (await api.call("deleteProfilePicture", { user_id: userId })).user,
};

/** Puts a changed user into the session, so the header and menu show it at once. */
export function useSetSessionUser(): (user: SessionUser) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser) =>
      queryClient.setQueryData<Session | null>(SESSION_QUERY_KEY, (session) =>
        session ? { ...session, user } : session,
      ),
    [queryClient],
  );
}

// ---- the to-do board

/** The board and whether this user sees the Switch; a failed load is logged only (spec/3-staff-administration.md §8). */
export function useTodos() {
  const query = useQuery({
    queryKey: accountKeys.todos,
    queryFn: () => api.call("fetchTodos"),
    retry: false,
  });
  useEffect(() => {
    if (query.error) console.error("to-do board load failed", query.error);
  }, [query.error]);
  return query;
}

export const todoCalls = {
  create: async (field: string, content: string) => (await api.call("createTodo", { field, content })).todo,
  mark: async (id: number, done: boolean) => (await api.call("markTodo", { id, done })).todo,
  remove: async (id: number) => api.call("deleteTodo", { id }),
};
