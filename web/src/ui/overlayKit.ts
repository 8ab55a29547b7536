/**
 * What the first render does not draw, in one chunk loaded after it (DeferredOverlays.tsx,
 * deferred.ts): Mantine's floating parts (floating-ui, menus, tooltips, scroll areas), the
 * loading overlay, the profile menu's entries and the connection banner's body.
 */
export { LoadingOverlay, Menu, ScrollArea, Tooltip } from "@mantine/core";
export { ProfileMenuItems } from "../components/ProfileMenuItems.tsx";
export { ConnectionAlert } from "../realtime/ConnectionAlert.tsx";
