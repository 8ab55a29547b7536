/**
 * What the staff sidebar and the setup menu hold (spec/3-staff-administration.md §2), with the permission each entry
 * needs; entries without the permission are not shown.
 */
import type { Permission } from "../../../common/permissions.ts";

export interface SetupMenuEntry {
  to: string;
  label: string;
  permission: Permission;
}

/** The setup left menu. FAQ Setup is listed for faq:create although its page needs faq:view. */
export const SETUP_MENU: SetupMenuEntry[] = [
  { to: "/admin/members/search-members", label: "setup_menu.search_players", permission: "members:view" },
  { to: "/admin/members/search-banned", label: "setup_menu.banned_support", permission: "members:view" },
  { to: "/admin/setup/quick-replies", label: "setup_menu.quick_replies", permission: "quick_response:view" },
  { to: "/admin/setup/category-setup", label: "setup_menu.category_setup", permission: "setup:view" },
  { to: "/admin/setup/priority-setup", label: "setup_menu.priority_setup", permission: "setup:view" },
  { to: "/admin/setup/server-setup", label: "setup_menu.server_setup", permission: "setup:view" },
  { to: "/admin/setup/announcements-setup", label: "setup_menu.announcements", permission: "announcement:view" },
  {
    to: "/admin/setup/employee-announcements-setup",
    label: "setup_menu.employee_announcements",
    permission: "announcement:view",
  },
  { to: "/admin/setup/excuses-setup", label: "setup_menu.excuses_setup", permission: "setup:create" },
  { to: "/admin/setup/faq-setup", label: "setup_menu.faq_setup", permission: "faq:create" },
];

/** The player tab bar under /admin/members. */
export const MEMBERS_TABS: SetupMenuEntry[] = SETUP_MENU.slice(0, 2);

export const SETUP_HOME = "/admin/setup/quick-replies";
