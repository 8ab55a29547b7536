/** Loading overlays: the main one while the app starts, the page one while a route chunk loads. */
import { Center, Loader, LoadingOverlay } from "@mantine/core";

export function MainLoader() {
  return (
    <Center h="100vh" data-testid="main-loader">
      <Loader size="lg" />
    </Center>
  );
}

export function PageLoader({ visible = true }: { visible?: boolean }) {
  return <LoadingOverlay visible={visible} zIndex={50} overlayProps={{ blur: 1 }} data-testid="page-loader" />;
}
