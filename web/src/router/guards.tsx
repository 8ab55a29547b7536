/**
 * Redirect rules of spec/1-product-frame.md §2 and spec/3-staff-administration.md §2, one component per rule. They read the session that
 * SessionProvider loaded from the server before anything rendered.
 */
import type { ReactNode } from "react";
import { matchPath, Navigate, Outlet, useLocation } from "react-router";
import type { Permission } from "../../../common/permissions.ts";
import { useSession } from "../session/SessionContext.ts";

/** '/': staff to the dashboard, players with an account to their home, everyone else to /home. */
export function RootRedirect() {
  const { user, isStaff, isMember } = useSession();
  if (isStaff) return <Navigate to="/admin/dashboard" replace />;
  // A player whose rank is user goes to the member area; an empty rank goes to /home.
  if (isMember && user?.rank) return <Navigate to="/member/home" replace />;
  return <Navigate to="/home" replace />;
}

/** /home is the landing of temporary users and visitors; a signed-in account goes back to '/'. */
export function TemporaryLandingGuard() {
  const { user, temp } = useSession();
  if (user && !temp) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** /ticket/{info} is for temporary users and visitors: a normal signed-in player goes to '/'. */
export function TemporaryTicketGuard() {
  const { isMember } = useSession();
  if (isMember) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** The path segment arrives percent-encoded; encode it exactly once for the query string. */
function asQueryValue(segment: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return encodeURIComponent(segment);
  }
}

/**
 * /member/*: staff, temporary users and visitors go to '/'; a visitor opening a member ticket
 * link lands on the public home page with the ticket code kept as a query parameter.
 */
export function MemberAreaGuard() {
  const { user, isMember } = useSession();
  const { pathname } = useLocation();
  if (isMember) return <Outlet />;
  const fetchCode = matchPath("/member/ticket/:fetchCode", pathname)?.params.fetchCode;
  if (!user && fetchCode) return <Navigate to={`/home?ticket=${asQueryValue(fetchCode)}`} replace />;
  return <Navigate to="/" replace />;
}

/** /admin/*: temporary users and visitors to /home, players to /member/home. */
export function AdminAreaGuard() {
  const { user, temp, isStaff } = useSession();
  if (isStaff) return <Outlet />;
  if (!user || temp) return <Navigate to="/home" replace />;
  return <Navigate to="/member/home" replace />;
}

/** A staff page that needs a view permission: without it, back to the dashboard. */
export function RequirePermission({ permission, children }: { permission: Permission; children?: ReactNode }) {
  const { can } = useSession();
  if (!can(permission)) return <Navigate to="/admin/dashboard" replace />;
  return children ?? <Outlet />;
}
