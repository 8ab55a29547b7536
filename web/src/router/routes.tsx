/**
 * Every route of spec/1-product-frame.md §2 and spec/3-staff-administration.md §2. Guards wrap whole areas; each admin page that needs a
 * view permission sits under RequirePermission. Page chunks load lazily.
 */
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import type { Permission } from "../../../common/permissions.ts";
import { MemberShell } from "../shells/MemberShell.tsx";
import { PublicShell } from "../shells/PublicShell.tsx";
import { MainLoader } from "../ui/Loaders.tsx";
import { AppRoot } from "./AppRoot.tsx";
import {
  AdminAreaGuard,
  MemberAreaGuard,
  RequirePermission,
  RootRedirect,
  TemporaryLandingGuard,
  TemporaryTicketGuard,
} from "./guards.tsx";
import { lazyPage } from "./lazyPage.ts";
import { RouteErrorPage } from "./RouteErrorPage.tsx";

/** A page that needs `permission`; without it the visitor goes to the dashboard. */
function permitted(path: string, permission: Permission, lazy: RouteObject["lazy"]): RouteObject {
  return { path, element: <RequirePermission permission={permission} />, children: [{ index: true, lazy }] };
}

const publicRoutes: RouteObject[] = [
  { path: "login", lazy: lazyPage(() => import("../pages/public/LoginPage.tsx")) },
  { path: "setup-password/:token", lazy: lazyPage(() => import("../pages/public/SetupPasswordPage.tsx")) },
  {
    path: "home",
    element: <TemporaryLandingGuard />,
    children: [{ index: true, lazy: lazyPage(() => import("../pages/public/LandingPage.tsx")) }],
  },
  { path: "portal", lazy: lazyPage(() => import("../pages/public/LandingPage.tsx")) },
  { path: "faq", lazy: lazyPage(() => import("../pages/public/PublicFaqPage.tsx")) },
  {
    // /ticket (file a temporary ticket, find one again) is ours, see docs/decisions/player-side.md.
    path: "ticket",
    element: <TemporaryTicketGuard />,
    children: [
      { index: true, lazy: lazyPage(() => import("../pages/public/TicketAccessPage.tsx")) },
      { path: ":ticketInfo", lazy: lazyPage(() => import("../pages/public/TemporaryTicketPage.tsx")) },
    ],
  },
];

const memberRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/member/home" replace /> },
  { path: "home", lazy: lazyPage(() => import("../pages/member/MemberHomePage.tsx")) },
  { path: "create-ticket", lazy: lazyPage(() => import("../pages/member/CreateTicketPage.tsx")) },
  { path: "ticket-history", lazy: lazyPage(() => import("../pages/member/TicketHistoryPage.tsx")) },
  { path: "ticket/:fetchCode", lazy: lazyPage(() => import("../pages/member/MemberTicketPage.tsx")) },
  { path: "faq", lazy: lazyPage(() => import("../pages/member/MemberFaqPage.tsx")) },
];

const membersRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/members/search-members" replace /> },
  { path: "search-members", lazy: lazyPage(() => import("../pages/admin/members/SearchMembersPage.tsx")) },
  { path: "search-banned", lazy: lazyPage(() => import("../pages/admin/members/SearchBannedPage.tsx")) },
  { path: "member-profile/:memberId", lazy: lazyPage(() => import("../pages/admin/members/MemberProfilePage.tsx")) },
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
    lazyPage(() => import("../pages/admin/setup/QuickRepliesPage.tsx")),
  ),
  permitted(
    "category-setup",
    "setup:view",
    lazyPage(() => import("../pages/admin/setup/CategorySetupPage.tsx")),
  ),
  permitted(
    "priority-setup",
    "setup:view",
    lazyPage(() => import("../pages/admin/setup/PrioritySetupPage.tsx")),
  ),
  permitted(
    "server-setup",
    "setup:view",
    lazyPage(() => import("../pages/admin/setup/ServerSetupPage.tsx")),
  ),
  permitted(
    "announcements-setup",
    "announcement:view",
    lazyPage(() => import("../pages/admin/setup/AnnouncementsSetupPage.tsx")),
  ),
  permitted(
    "employee-announcements-setup",
    "announcement:view",
    lazyPage(() => import("../pages/admin/setup/EmployeeAnnouncementsSetupPage.tsx")),
  ),
  permitted(
    "excuses-setup",
    "setup:create",
    lazyPage(() => import("../pages/admin/setup/ExcusesSetupPage.tsx")),
  ),
  permitted(
    "faq-setup",
    "faq:view",
    lazyPage(() => import("../pages/admin/setup/FaqSetupPage.tsx")),
  ),
];

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
  { path: "dashboard", lazy: lazyPage(() => import("../pages/admin/DashboardPage.tsx")) },
  { path: "ticket", lazy: lazyPage(() => import("../pages/admin/TicketsPage.tsx")) },
  { path: ":ticketInfo/edit", lazy: lazyPage(() => import("../pages/admin/TicketEditPage.tsx")) },
  { path: "notifications", lazy: lazyPage(() => import("../pages/admin/NotificationsPage.tsx")) },
  // The main developer page of spec/3-staff-administration.md §2.6 (class dev, which every staff member is): docs/decisions/account.md.
  { path: "developer", lazy: lazyPage(() => import("../pages/admin/DeveloperPage.tsx")) },
  permitted(
    "users",
    "users:view",
    lazyPage(() => import("../pages/admin/UsersPage.tsx")),
  ),
  permitted(
    "statistics",
    "stats:page_view",
    lazyPage(() => import("../pages/admin/StatisticsPage.tsx")),
  ),
  {
    path: "members",
    element: <RequirePermission permission="members:view" />,
    children: [
      {
        lazy: lazyPage(() =>
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
      { path: "profile-settings", lazy: lazyPage(() => import("../pages/admin/settings/ProfileSettingsPage.tsx")) },
      {
        path: "preference-settings",
        lazy: lazyPage(() => import("../pages/admin/settings/PreferenceSettingsPage.tsx")),
      },
    ],
  },
  {
    path: "setup",
    lazy: lazyPage(() => import("../shells/SetupLayout.tsx").then((layout) => ({ default: layout.SetupLayout }))),
    children: setupRoutes,
  },
];

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    hydrateFallbackElement: <MainLoader />,
    errorElement: <RouteErrorPage />,
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
        // The staff shell (AppShell, sidebar, chat list) is a chunk of its own: players never load it.
        children: [
          {
            lazy: lazyPage(() => import("../shells/AdminShell.tsx").then((shell) => ({ default: shell.AdminShell }))),
            children: adminRoutes,
          },
        ],
      },
      // spec/1-product-frame.md §2: any path not listed goes to '/'.
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
