/** Loading overlays: the main one while the app starts, the page one while a route chunk loads. */
import { Center, Loader } from "@mantine/core";
import { useEffect } from "react";
import { overlays, useOverlays } from "./DeferredOverlays.tsx";

export function MainLoader() {
  return (
    <Center h="100vh" data-testid="main-loader">
      <Loader size="lg" />
    </Center>
  );
}

/**
 * Mantine's LoadingOverlay (with its transitions) comes with the overlay chunk after the first
 * render; a navigation before that asks for the chunk and shows the overlay once it is in.
 */
export function PageLoader({ visible = true }: { visible?: boolean }) {
  const kit = useOverlays();
  useEffect(() => {
    if (visible && !kit) overlays.load().catch((error: unknown) => console.error(error));
  }, [visible, kit]);
  if (!kit) return null;
  return <kit.LoadingOverlay visible={visible} zIndex={50} overlayProps={{ blur: 1 }} data-testid="page-loader" />;
}
