/** A header navigation link that shows when it is the current page. */
import { Button } from "@mantine/core";
import type { ReactNode } from "react";
import { NavLink } from "react-router";

export function HeaderNavLink({ to, children, end }: { to: string; children: ReactNode; end?: boolean }) {
  return (
    <NavLink to={to} end={end} style={{ textDecoration: "none" }}>
      {({ isActive }) => (
        <Button
          component="span"
          variant={isActive ? "light" : "subtle"}
          color={isActive ? "blue" : "gray"}
          size="compact-md"
        >
          {children}
        </Button>
      )}
    </NavLink>
  );
}
