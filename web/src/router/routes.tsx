/**
 * Every route of spec/1-product-frame.md §2 and spec/3-staff-administration.md §2. Guards wrap whole areas; each admin page that needs a
 * view permission sits under RequirePermission. Page chunks load lazily. A declarative router
 * (no loaders, no actions), see docs/decisions/first-load.md.
 */
import type { ReactElement } from "react";
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import type { Permission } from "../../../common/permissions.ts";
import { MemberShell } from "../shells/MemberShell.tsx";
import { PublicShell } from "../shells/PublicShell.tsx";
import { AppRoot } from "./AppRoot.tsx";
import {
  AdminAreaGuard,
  MemberAreaGuard,
  RequirePermission,
  RootRedirect,
  TemporaryLandingGuard,
  TemporaryTicketGuard,
} from "./guards.tsx";
import { type LazyPage, lazyPage } from "./lazyPage.ts";

type PageModule = Parameters<typeof lazyPage>[0];

/** A page, or a layout, from its own chunk. */
function page(load: PageModule): ReactElement {
  const Page = lazyPage(load);
  return <Page />;
}

/** A page that needs `permission`; without it the visitor goes to the dashboard. */
function permitted(path: string, permission: Permission, element: ReactElement): RouteObject {
  return { path, element: <RequirePermission permission={permission} />, children: [{ index: true, element }] };
}

const publicRoutes: RouteObject[] = [
  { path: "login", element: page(() => import("../pages/public/LoginPage.tsx")) },
  { path: "setup-password/:token", element: page(() => import("../pages/public/SetupPasswordPage.tsx")) },
  {
    path: "home",
    element: <TemporaryLandingGuard />,
    children: [{ index: true, element: page(() => import("../pages/public/LandingPage.tsx")) }],
  },
  { path: "portal", element: page(() => import("../pages/public/LandingPage.tsx")) },
  { path: "faq", element: page(() => import("../pages/public/PublicFaqPage.tsx")) },
  {
    // /ticket (file a temporary ticket, find one again) is ours, see docs/decisions/player-side.md.
    path: "ticket",
    element: <TemporaryTicketGuard />,
    children: [
      { index: true, element: page(() => import("../pages/public/TicketAccessPage.tsx")) },
      { path: ":ticketInfo", element: page(() => import("../pages/public/TemporaryTicketPage.tsx")) },
    ],
  },
];

const memberRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/member/home" replace /> },
  { path: "home", element: page(() => import("../pages/member/MemberHomePage.tsx")) },
  { path: "create-ticket", element: page(() => import("../pages/member/CreateTicketPage.tsx")) },
  { path: "ticket-history", element: page(() => import("../pages/member/TicketHistoryPage.tsx")) },
  { path: "ticket/:fetchCode", element: page(() => import("../pages/member/MemberTicketPage.tsx")) },
  { path: "faq", element: page(() => import("../pages/member/MemberFaqPage.tsx")) },
];

const membersRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/members/search-members" replace /> },
  { path: "search-members", element: page(() => import("../pages/admin/members/SearchMembersPage.tsx")) },
  { path: "search-banned", element: page(() => import("../pages/admin/members/SearchBannedPage.tsx")) },
  { path: "member-profile/:memberId", element: page(() => import("../pages/admin/members/MemberProfilePage.tsx")) },
];

const setupRoutes: RouteObject[] = [
  {
    index: true,
    element: (
      <RequirePermission permission="setup:view">
        <Navigate to="/admin/setup/quick-replies" replace />
      </RequirePermission>
    ),
  },
  permitted(
    "quick-replies",
    "quick_response:view",
    page(() => import("../pages/admin/setup/QuickRepliesPage.tsx")),
  ),
  permitted(
    "category-setup",
    "setup:view",
    page(() => import("../pages/admin/setup/CategorySetupPage.tsx")),
  ),
  permitted(
    "priority-setup",
    "setup:view",
    page(() => import("../pages/admin/setup/PrioritySetupPage.tsx")),
  ),
  permitted(
    "server-setup",
    "setup:view",
    page(() => import("../pages/admin/setup/ServerSetupPage.tsx")),
  ),
  permitted(
    "announcements-setup",
    "announcement:view",
    page(() => import("../pages/admin/setup/AnnouncementsSetupPage.tsx")),
  ),
  permitted(
    "employee-announcements-setup",
    "announcement:view",
    page(() => import("../pages/admin/setup/EmployeeAnnouncementsSetupPage.tsx")),
  ),
  permitted(
    "excuses-setup",
    "setup:create",
    page(() => import("../pages/admin/setup/ExcusesSetupPage.tsx")),
  ),
  permitted(
    "faq-setup",
    "faq:view",
    page(() => import("../pages/admin/setup/FaqSetupPage.tsx")),
  ),
];

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
  { path: "dashboard", element: page(() => import("../pages/admin/DashboardPage.tsx")) },
  { path: "ticket", element: page(() => import("../pages/admin/TicketsPage.tsx")) },
  { path: ":ticketInfo/edit", element: page(() => import("../pages/admin/TicketEditPage.tsx")) },
  { path: "notifications", element: page(() => import("../pages/admin/NotificationsPage.tsx")) },
  // The main developer page of spec/3-staff-administration.md §2.6 (class dev, which every staff member is): docs/decisions/account.md.
  { path: "developer", element: page(() => import("../pages/admin/DeveloperPage.tsx")) },
  permitted(
    "users",
    "users:view",
    page(() => import("../pages/admin/UsersPage.tsx")),
  ),
  permitted(
    "statistics",
    "stats:page_view",
    page(() => import("../pages/admin/StatisticsPage.tsx")),
  ),
  {
    path: "members",
    element: <RequirePermission permission="members:view" />,
    children: [
      {
        element: page(() =>
          import("../shells/MembersLayout.tsx").then((layout) => ({ default: layout.MembersLayout })),
        ),
        children: membersRoutes,
      },
    ],
  },
  {
    path: "settings",
    element: <RequirePermission permission="profile:view" />,
    children: [
      { index: true, element: <Navigate to="/admin/settings/profile-settings" replace /> },
      { path: "profile-settings", element: page(() => import("../pages/admin/settings/ProfileSettingsPage.tsx")) },
      {
        path: "preference-settings",
        element: page(() => import("../pages/admin/settings/PreferenceSettingsPage.tsx")),
      },
    ],
  },
  {
    path: "setup",
    element: page(() => import("../shells/SetupLayout.tsx").then((layout) => ({ default: layout.SetupLayout }))),
    children: setupRoutes,
  },
];

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { index: true, element: <RootRedirect /> },
      { element: <PublicShell />, children: publicRoutes },
      {
        path: "member",
        element: <MemberAreaGuard />,
        children: [{ element: <MemberShell />, children: memberRoutes }],
      },
      {
        path: "admin",
        element: <AdminAreaGuard />,
        // The staff shell (AppShell, sidebar, chat list) is a chunk of its own: a player's pages
        // never load it (only opening an /admin address asks for it, before the guard turns away).
        children: [
          {
            element: page(() => import("../shells/AdminShell.tsx").then((shell) => ({ default: shell.AdminShell }))),
            children: adminRoutes,
          },
        ],
      },
      // spec/1-product-frame.md §2: any path not listed goes to '/'.
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

export function AppRoutes() {
  const location = useLocation();
  // A navigation asks for its page's chunks as it starts, as the data router did, not once the
  // transition's render has come down to the page.
  preloadMatchedPages(location);
  return useRoutes(routes, location);
}

/**
 * Asks for the chunks of an address at once: at start while the session check runs, and at each
 * navigation. The page's render waits for the same load rather than starting another.
 */
export function preloadMatchedPages(location: Pick<Location, "pathname"> = window.location): void {
  for (const match of matchRoutes(routes, location) ?? []) {
    const type = (match.route.element as ReactElement | undefined)?.type as Partial<LazyPage> | undefined;
    type?.preload?.().catch(() => undefined);
  }
}
