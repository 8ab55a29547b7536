/**
 * The ticket list's keyboard cursor (docs/decisions/accessibility.md): `j` moves focus to the next
 * row, `k` to the previous one, Enter on a row opens its ticket, the page its ticket link opens.
 * Focus itself is the cursor, so a screen reader reads the row it lands on and the ring shows
 * where it is; rows are focusable from script only (tabIndex -1) and add no Tab stop. From a
 * control inside a row (its ticket link, the in-chats toggle), `j` and `k` go on from that row.
 */
import { useHotkeys } from "@mantine/hooks";
import { type RefObject, useCallback } from "react";
import { useNavigate } from "react-router";
import { letterHotkeys, shortcutBlocked } from "../shortcuts/hotkeys.ts";
import "./rowCursor.css";

const ROW = "[data-row-cursor]";

/** What a row of the list carries to be one of the cursor's stops: `href` is the page it opens. */
export function rowCursorProps(href: string) {
  return { tabIndex: -1, "data-row-cursor": href } as const;
}

export function useRowCursor(container: RefObject<HTMLElement | null>): void {
  const navigate = useNavigate();

  const move = useCallback(
    (step: 1 | -1): boolean => {
      const rows = Array.from(container.current?.querySelectorAll<HTMLElement>(ROW) ?? []);
      if (rows.length === 0) return false;
      const active = document.activeElement;
      const current = rows.findIndex((row) => row.contains(active));
      // From outside the list, either key starts on the first row.
      const next = current === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, current + step));
      rows[next]?.focus();
      return true;
    },
    [container],
  );

  const open = (event: KeyboardEvent) => {
    const row = event.target instanceof HTMLElement && event.target.matches(ROW) ? event.target : null;
    // Enter on a control inside the row is that control's own (the link opens, the toggle toggles).
    if (!row || !container.current?.contains(row) || shortcutBlocked(event)) return;
    const href = row.getAttribute("data-row-cursor");
    if (!href) return;
    event.preventDefault();
    navigate(href);
  };

  useHotkeys([
    ...letterHotkeys("j", () => move(1)),
    ...letterHotkeys("k", () => move(-1)),
    ["Enter", open, { preventDefault: false }],
  ]);
}
