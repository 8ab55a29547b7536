/**
 * The announcement and FAQ setup calls (spec/3-staff-administration.md §7) and the dashboard's employee announcements
 * with their read records. Every change answers the whole list, which replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import type { EmployeeAnnouncement } from "../../../../common/schemas/contentResponses.ts";
import { api, type RouteInput, type RouteOutput } from "../../api/client.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { type Announcement, FAQS_QUERY_KEY, type Faq, useLogError } from "./api.ts";

export type { EmployeeAnnouncement };
export type AnnouncementKind = "player" | "employee";
/** A setup row of either kind: employee announcements have no English text and no read flag. */
export type SetupAnnouncement = EmployeeAnnouncement & Partial<Pick<Announcement, "engTitle" | "engMessage">>;

export const contentKeys = {
  setup: (kind: AnnouncementKind) => ["announcements", "setup", kind] as const,
  employeeLive: ["announcements", "employee", "live"] as const,
  employeeReads: (userId: number) => ["announcements", "employee", "reads", userId] as const,
};

/** `all`: the setup list (every row); otherwise only the live rows, as the dashboard shows them. */
export async function fetchAnnouncements(kind: AnnouncementKind, all: boolean): Promise<SetupAnnouncement[]> {
  const body = { hasPermission: all };
  const answer =
    kind === "player" ? await api.call("fetchAnnouncements", body) : await api.call("fetchEmployeeAnnouncements", body);
  return answer.announcements;
}

type PlayerAnnouncementBody = RouteInput<"submitNewAnnouncement">;
/** The body of submit-new and edit; the English fields belong to player announcements only. */
export type AnnouncementBody = RouteInput<"submitNewEmployeeAnnouncement"> &
  Partial<Pick<PlayerAnnouncementBody, "engTitle" | "engMessage">>;

export type AnnouncementChange =
  | { type: "create"; body: AnnouncementBody }
  | { type: "edit"; id: number; body: AnnouncementBody }
  | { type: "setActive"; id: number; active: boolean }
  | { type: "delete"; id: number };

/** A player announcement's body: the form gives it its English text (bodyOf with English). */
function playerBody(body: AnnouncementBody): PlayerAnnouncementBody {
  const { engTitle, engMessage } = body;
  if (engTitle === undefined || engMessage === undefined) {
    throw new Error("A player announcement is saved with its English text.");
  }
  return { ...body, engTitle, engMessage };
}

function changePlayerAnnouncement(change: AnnouncementChange): Promise<RouteOutput<"fetchAnnouncements">> {
  switch (change.type) {
    case "create":
      return api.call("submitNewAnnouncement", playerBody(change.body));
    case "edit":
      return api.call("editAnnouncement", { ...playerBody(change.body), id: change.id });
    case "setActive":
      return api.call("changeActiveAnnouncement", { id: change.id, active: change.active });
    case "delete":
      return api.call("deleteAnnouncement", { id: change.id });
  }
}

function changeEmployeeAnnouncement(change: AnnouncementChange): Promise<RouteOutput<"fetchEmployeeAnnouncements">> {
  switch (change.type) {
    case "create":
      return api.call("submitNewEmployeeAnnouncement", change.body);
    case "edit":
      return api.call("editEmployeeAnnouncement", { ...change.body, id: change.id });
    case "setActive":
      return api.call("changeActiveEmployeeAnnouncement", { id: change.id, active: change.active });
    case "delete":
      return api.call("deleteEmployeeAnnouncement", { id: change.id });
  }
}

export async function changeAnnouncement(
  kind: AnnouncementKind,
  change: AnnouncementChange,
): Promise<SetupAnnouncement[]> {
  const answer = kind === "player" ? await changePlayerAnnouncement(change) : await changeEmployeeAnnouncement(change);
  return answer.announcements;
}

export type FaqBody = RouteInput<"submitNewFaq">;
export type FaqChange =
  | { type: "create"; body: FaqBody }
  | { type: "edit"; id: number; body: FaqBody }
  | { type: "delete"; id: number };

export async function changeFaq(change: FaqChange): Promise<Faq[]> {
  if (change.type === "create") return (await api.call("submitNewFaq", change.body)).faqs;
  if (change.type === "edit") return (await api.call("editFaq", { ...change.body, id: change.id })).faqs;
  return (await api.call("deleteFaq", { id: change.id })).faqs;
}

/** A setup page's list and its one mutation; a failed change opens the error dialog. */
export function useAnnouncementSetup(kind: AnnouncementKind) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: contentKeys.setup(kind), queryFn: () => fetchAnnouncements(kind, true) });
  useLogError("Failed to load the announcements", query.error);
  const mutation = useMutation({
    mutationFn: (change: AnnouncementChange) => changeAnnouncement(kind, change),
    onSuccess: (list) => {
      queryClient.setQueryData(contentKeys.setup(kind), list);
      // The players' and the dashboard's live lists follow the change.
      void queryClient.invalidateQueries({ queryKey: ["announcements"], predicate: (q) => q.queryKey[1] !== "setup" });
    },
    onError: showError,
  });
  return { query, mutation };
}

export function useFaqSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeFaq,
    onSuccess: (faqs) => queryClient.setQueryData(FAQS_QUERY_KEY, faqs),
    // spec/3-staff-administration.md §8: logged, the error dialog opens, the loading indicator clears (isPending).
    onError: showError,
  });
}

/** The employee announcements live now, for the dashboard. */
export function useLiveEmployeeAnnouncements() {
  const query = useQuery({
    queryKey: contentKeys.employeeLive,
    queryFn: () => fetchAnnouncements("employee", false),
    staleTime: 60_000,
  });
  useLogError("Failed to load the employee announcements", query.error);
  return query;
}

const readIds = (answer: RouteOutput<"fetchEmployeeAnnouncementReads">) => answer.reads.map((r) => r.announcement_id);

/** The caller's read records of employee announcements, and a way to add one once seen. */
export function useEmployeeAnnouncementReads(userId: number) {
  const queryClient = useQueryClient();
  const key = contentKeys.employeeReads(userId);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => readIds(await api.call("fetchEmployeeAnnouncementReads")),
    staleTime: 60_000,
  });
  useLogError("Failed to load the employee announcement reads", query.error);
  // One request per announcement and page: the panel reports an item each time it comes round.
  const sent = useRef(new Set<number>());
  const mark = useMutation({
    mutationFn: async (id: number) => readIds(await api.call("markEmployeeAnnouncementRead", { id })),
    onSuccess: (ids) => queryClient.setQueryData(key, ids),
    onError: (error) => console.warn("Marking an employee announcement read failed", error),
  });
  const { mutate } = mark;
  const markRead = useCallback(
    (id: number) => {
      if (sent.current.has(id)) return;
      sent.current.add(id);
      mutate(id);
    },
    [mutate],
  );
  return { readIds: query.data, isPending: query.isPending, markRead };
}
