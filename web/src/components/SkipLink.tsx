/**
 * "Skip to main content": the first Tab stop of every shell, out of sight until focused, moving
 * focus to the page's main region (docs/decisions/accessibility.md).
 *
 * It also keeps the page's focus order after a navigation. When a link inside the page opens
 * another page, the focused link is gone with the old page and the browser would carry on from
 * where it was: the next Tab would go main, footer, header, sidebar. Focus comes back to this link
 * instead, at the top, so Tab goes header, navigation, then main, as on a fresh load; Enter skips.
 */
import { type MouseEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import "./SkipLink.css";

/** The id of each shell's main region, which the skip link moves focus to. */
export const MAIN_ID = "main-content";

/** What the main region of a shell carries: the skip link's target, focusable from script only. */
export const skipTargetProps = { id: MAIN_ID, tabIndex: -1, className: "hd-skip-target" } as const;

/** True when no element holds focus: the focused one was removed, or focus was never placed. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

export function SkipLink() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const link = useRef<HTMLAnchorElement>(null);
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (focusLost()) link.current?.focus({ preventScroll: true });
  }, [pathname]);

  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus, not the address's #fragment: the router's address stays as it is.
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };

  return (
    <a ref={link} href={`#${MAIN_ID}`} className="hd-skip-link" onClick={skip} data-testid="skip-link">
      {t("skip_to_main")}
    </a>
  );
}
