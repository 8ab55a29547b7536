import { createContext, useContext } from "react";
import type { Permission } from "../../../common/permissions.ts";
import type { SessionUser } from "../../../common/schemas/auth.ts";

export interface SessionValue {
  user: SessionUser | null;
  /** A temporary user: no account, one ticket. */
  temp: boolean;
  /** Staff: class dev with a real (not temporary) session. */
  isStaff: boolean;
  /** A player with an account: class user, not temporary. */
  isMember: boolean;
  permissions: ReadonlySet<Permission>;
  /** The pulse check failed for a reason other than "no session". */
  accountError: boolean;
  can(permission: Permission): boolean;
  logout(): Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}
