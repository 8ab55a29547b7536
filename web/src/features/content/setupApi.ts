/**
 * The announcement and FAQ setup calls (spec 3 §7) and the dashboard's employee announcements
 * with their read records. Every change answers the whole list, which replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import type {
  EmployeeAnnouncement,
  EmployeeAnnouncementReadsResponse,
} from "../../../../common/schemas/contentResponses.ts";
import { api, type Body } from "../../api/client.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { type Announcement, FAQS_QUERY_KEY, type Faq, useLogError } from "./api.ts";

export type { EmployeeAnnouncement };
export type AnnouncementKind = "player" | "employee";
/** A setup row of either kind: employee announcements have no English text and no read flag. */
export type SetupAnnouncement = EmployeeAnnouncement & Partial<Pick<Announcement, "engTitle" | "engMessage">>;

/** The path part of each kind: submit-new-{item}, fetch-{list}. */
const PATHS = {
  player: { item: "announcement", list: "announcements" },
  employee: { item: "employee-announcement", list: "employee-announcements" },
} as const;

export const contentKeys = {
  setup: (kind: AnnouncementKind) => ["announcements", "setup", kind] as const,
  employeeLive: ["announcements", "employee", "live"] as const,
  employeeReads: (userId: number) => ["announcements", "employee", "reads", userId] as const,
};

type AnnouncementsAnswer = { announcements: SetupAnnouncement[] };

async function announcementCall(path: string, body: Body): Promise<SetupAnnouncement[]> {
  return (await api.post<AnnouncementsAnswer>(`/api/setup/${path}`, body)).announcements;
}

/** `all`: the setup list (every row); otherwise only the live rows, as the dashboard shows them. */
export function fetchAnnouncements(kind: AnnouncementKind, all: boolean): Promise<SetupAnnouncement[]> {
  return announcementCall(`fetch-${PATHS[kind].list}`, { hasPermission: all });
}

/** The body of submit-new and edit (English fields only for player announcements). */
export type AnnouncementBody = Body & {
  title: string;
  message: string;
  value: number;
  startDate: number;
  endDate: number | "";
};

export type AnnouncementChange =
  | { type: "create"; body: AnnouncementBody }
  | { type: "edit"; id: number; body: AnnouncementBody }
  | { type: "setActive"; id: number; active: boolean }
  | { type: "delete"; id: number };

export function changeAnnouncement(kind: AnnouncementKind, change: AnnouncementChange): Promise<SetupAnnouncement[]> {
  const item = PATHS[kind].item;
  switch (change.type) {
    case "create":
      return announcementCall(`submit-new-${item}`, change.body);
    case "edit":
      return announcementCall(`edit-${item}`, { ...change.body, id: change.id });
    case "setActive":
      return announcementCall(`change-active-${item}`, { id: change.id, active: change.active });
    case "delete":
      return announcementCall(`delete-${item}`, { id: change.id });
  }
}

export type FaqBody = Body & Omit<Faq, "id">;
export type FaqChange =
  | { type: "create"; body: FaqBody }
  | { type: "edit"; id: number; body: FaqBody }
  | { type: "delete"; id: number };

export async function changeFaq(change: FaqChange): Promise<Faq[]> {
  const call = (path: string, body: Body) => api.post<{ faqs: Faq[] }>(`/api/setup/${path}`, body);
  if (change.type === "create") return (await call("submit-new-faq", change.body)).faqs;
  if (change.type === "edit") return (await call("edit-faq", { ...change.body, id: change.id })).faqs;
  return (await call("delete-faq", { id: change.id })).faqs;
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
    // Spec 3 §8: logged, the error dialog opens, the loading indicator clears (isPending).
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

type ReadsAnswer = EmployeeAnnouncementReadsResponse;
const readIds = (answer: ReadsAnswer) => answer.reads.map((r) => r.announcement_id);

/** The caller's read records of employee announcements, and a way to add one once seen. */
export function useEmployeeAnnouncementReads(userId: number) {
  const queryClient = useQueryClient();
  const key = contentKeys.employeeReads(userId);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => readIds(await api.get<ReadsAnswer>("/api/setup/fetch-employee-announcement-reads")),
    staleTime: 60_000,
  });
  useLogError("Failed to load the employee announcement reads", query.error);
  // One request per announcement and page: the panel reports an item each time it comes round.
  const sent = useRef(new Set<number>());
  const mark = useMutation({
    mutationFn: async (id: number) =>
      readIds(await api.post<ReadsAnswer>("/api/setup/mark-employee-announcement-read", { id })),
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
