/**
 * The header's menus and the tooltips, drawn at first without Mantine's floating parts: a
 * tooltip's target shows alone until the overlay chunk is in, a menu's target is a plain button
 * that, pressed before the chunk is in, loads it and opens the menu as soon as it arrives.
 */
import type { MenuProps, TooltipProps } from "@mantine/core";
import { cloneElement, type ReactElement, type ReactNode, useState } from "react";
import { deferredModule, loadWhenIdle } from "./deferred.ts";

export type OverlayKit = typeof import("./overlayKit.ts");

export const overlays = deferredModule<OverlayKit>(() => import("./overlayKit.ts"));
loadWhenIdle(overlays);

export function useOverlays(): OverlayKit | null {
  return overlays.use();
}

/** Mantine's Tooltip once the overlay chunk is in; until then only its target. */
export function DeferredTooltip(props: TooltipProps) {
  const kit = useOverlays();
  if (!kit) return props.children;
  return <kit.Tooltip {...props} />;
}

interface DeferredMenuProps extends Omit<MenuProps, "children"> {
  /** The menu's button: an element that takes onClick and aria props. */
  target: ReactElement<Record<string, unknown>>;
  /** The dropdown's content, drawn with the loaded kit (kit.Menu.Item, …). */
  dropdown: (kit: OverlayKit) => ReactNode;
  dropdownProps?: Record<string, unknown>;
}

export function DeferredMenu({ target, dropdown, dropdownProps, ...menuProps }: DeferredMenuProps) {
  const kit = useOverlays();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (!kit) {
    return cloneElement(target, {
      "aria-haspopup": "menu",
      "aria-expanded": target.props["aria-expanded"] ?? false,
      onClick: () => {
        if (menuProps.opened !== undefined) menuProps.onChange?.(true);
        else setOpenOnLoad(true);
        overlays.load().catch((error: unknown) => console.error(error));
      },
    });
  }
  return (
    <kit.Menu defaultOpened={openOnLoad} {...menuProps}>
      <kit.Menu.Target>{target}</kit.Menu.Target>
      <kit.Menu.Dropdown {...dropdownProps}>{dropdown(kit)}</kit.Menu.Dropdown>
    </kit.Menu>
  );
}
