/**
 * Ranks, user classes and permission strings (spec/1-product-frame.md §6, spec/3-staff-administration.md §3), written once for server, web
 * and tests. The default set per rank lives here too; the admin rank always holds every permission.
 */

export const USER_CLASSES = ["dev", "user"] as const;
export type UserClass = (typeof USER_CLASSES)[number];
export const USER_TYPES = ["normal", "temp"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const STAFF_RANKS = ["admin", "mod", "dev"] as const;
export type StaffRank = (typeof STAFF_RANKS)[number];
export type Rank = StaffRank | "user";

/** The rank order, admin > mod > dev (a player, outside it, below them all). */
const RANK_LEVEL: Record<Rank, number> = { admin: 3, mod: 2, dev: 1, user: 0 };

/**
 * Whether an employee of rank `actor` may act on another employee of rank `target` (permissions,
 * rank, responsibilities, disable, enable, disperse, password, delete): only on a lower rank,
 * except that an admin may act on anyone, other admins included.
 */
export function outranks(actor: Rank, target: Rank): boolean {
  return actor === "admin" || RANK_LEVEL[actor] > RANK_LEVEL[target];
}

/**
 * The admin rank holds every permission, whatever its stored list says. The one place that says
 * so: the server's permission checks and the web's permission dialogs both ask here.
 */
export function holdsEveryPermission(rank: Rank): boolean {
  return rank === "admin";
}

/** Whether someone of rank `giver` may give `rank`: nobody gives a rank above their own. */
export function mayGiveRank(giver: Rank, rank: StaffRank): boolean {
  return RANK_LEVEL[rank] <= RANK_LEVEL[giver];
}

export const PERMISSIONS = [
  "members:view",
  "users:view",
  "users:create",
  "users:disable",
  "users:disperse_tickets",
  "users:set_categories",
  "users:set_permissions",
  "users:reset_pw",
  "users:delete",
  "users:set_admin",
  "setup:view",
  "setup:create",
  "setup:edit",
  "quick_response:view",
  "quick_response:create",
  "quick_response:edit",
  "quick_response:set_categories",
  "category:disable",
  "priority:set_default",
  "announcement:view",
  "announcement:create",
  "announcement:edit",
  "faq:view",
  "faq:create",
  "faq:edit",
  "stats:view",
  "stats:page_view",
  "profile:view",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Default permission sets per rank. The spec does not show them (spec/3-staff-administration.md §6); these follow the
 * shape of the ranks: mods run the support floor and its content, devs answer tickets.
 */
export const RANK_DEFAULT_PERMISSIONS: Record<StaffRank, readonly Permission[]> = {
  admin: PERMISSIONS,
  mod: [
    "members:view",
    "users:view",
    "setup:view",
    "setup:create",
    "setup:edit",
    "quick_response:view",
    "quick_response:create",
    "quick_response:edit",
    "quick_response:set_categories",
    "announcement:view",
    "announcement:create",
    "announcement:edit",
    "faq:view",
    "faq:create",
    "faq:edit",
    "stats:view",
    "stats:page_view",
    "profile:view",
  ],
  dev: ["members:view", "quick_response:view", "announcement:view", "faq:view", "stats:view", "profile:view"],
};

/** Guests and players hold no staff permission; the spec names no guest permission. */
export const GUEST_PERMISSIONS: readonly Permission[] = [];

export function isStaffRank(value: unknown): value is StaffRank {
  return typeof value === "string" && (STAFF_RANKS as readonly string[]).includes(value);
}
