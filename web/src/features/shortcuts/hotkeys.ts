/**
 * The staff pages' single-key shortcuts (docs/decisions/accessibility.md): what they are, for the
 * help dialog, and the rules every handler keeps. Mantine's useHotkeys already ignores keys typed
 * in inputs, text areas, selects and editable text; these helpers add the rest.
 */
import type { HotkeyItem } from "@mantine/hooks";

/** One line of the help: the keys, and the i18n key (sidebar namespace) of what they do. */
export interface ShortcutEntry {
  keys: readonly string[];
  label: string;
}

export interface ShortcutGroup {
  /** The i18n key of the group's heading. */
  title: string;
  entries: readonly ShortcutEntry[];
}

/** Every shortcut of the staff pages, as the help dialog lists them. */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: "shortcuts.anywhere",
    entries: [
      { keys: ["?"], label: "shortcuts.help" },
      { keys: ["Esc"], label: "shortcuts.close_dialog" },
    ],
  },
  {
    title: "shortcuts.ticket_list",
    entries: [
      { keys: ["j"], label: "shortcuts.next_ticket" },
      { keys: ["k"], label: "shortcuts.previous_ticket" },
      { keys: ["Enter"], label: "shortcuts.open_ticket" },
    ],
  },
  {
    title: "shortcuts.ticket_page",
    entries: [
      { keys: ["r"], label: "shortcuts.reply" },
      { keys: ["n"], label: "shortcuts.note" },
    ],
  },
];

/**
 * True when a shortcut must leave the key alone: a modal dialog is open (the key belongs to it,
 * and focus must not leave it for the page behind), or the key was pressed in a menu, list box
 * or popover, whose own keys come first.
 */
export function shortcutBlocked(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return true;
  if (document.querySelector('[role="dialog"][aria-modal="true"]')) return true;
  // The window and the document have no closest(): a key pressed with nothing focused.
  const target = event.target as Partial<Pick<Element, "closest">> | null;
  return target?.closest?.('[role="menu"], [role="listbox"], [role="dialog"]') != null;
}

/**
 * The hotkeys of a letter, for any keyboard layout: the letter itself where the layout types
 * Latin letters (QWERTY, AZERTY, Dvorak…), and the key in the letter's place where it does not
 * (Russian, Arabic, Greek…), as Gmail does. The handler runs once per press and prevents the
 * key's default only when it acts (it answers true).
 */
export function letterHotkeys(letter: string, handler: (event: KeyboardEvent) => boolean): HotkeyItem[] {
  const run = (event: KeyboardEvent) => {
    if (shortcutBlocked(event)) return;
    if (handler(event)) event.preventDefault();
  };
  return [
    [letter, run, { preventDefault: false }],
    [
      letter,
      (event: KeyboardEvent) => {
        if (!/^[a-z]$/i.test(event.key)) run(event);
      },
      { preventDefault: false, usePhysicalKeys: true },
    ],
  ];
}
