/**
 * The keyboard shortcuts' help on the staff pages: `?` (Shift+/ on most layouts) anywhere outside
 * a text field, or the profile menu's entry. The dialog is a chunk of its own, loaded the first
 * time it is asked for.
 */
import { useDisclosure, useHotkeys } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";
import { shortcutBlocked } from "./hotkeys.ts";

const ShortcutsDialog = lazy(() => import("./ShortcutsDialog.tsx"));

export interface ShortcutsHelpState {
  opened: boolean;
  open(): void;
  close(): void;
}

export function useShortcutsHelp(): ShortcutsHelpState {
  const [opened, { open, close }] = useDisclosure(false);
  const onKey = (event: KeyboardEvent) => {
    if (shortcutBlocked(event)) return;
    event.preventDefault();
    open();
  };
  // `?` is typed with Shift on most layouts, without it on a few.
  useHotkeys([
    ["shift+?", onKey, { preventDefault: false }],
    ["?", onKey, { preventDefault: false }],
  ]);
  return { opened, open, close };
}

export function ShortcutsHelp({ opened, close }: ShortcutsHelpState) {
  // Drawn from the first opening on, so that the dialog's closing is animated like any other.
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog opened={opened} onClose={close} />
    </Suspense>
  );
}
