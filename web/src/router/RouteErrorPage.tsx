/** Shown when a route chunk fails to load or a page throws: never a blank screen. */
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk =
    error instanceof Error && (error.name === "ChunkLoadError" || /dynamically imported module/i.test(error.message));
  return (
    <Center h="100vh" p="md">
      <Stack align="center" maw={420} ta="center">
        <Title order={2}>{t("route_error.title")}</Title>
        <Text c="dimmed">{chunk ? t("route_error.chunk") : t("route_error.generic")}</Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          {t("route_error.reload")}
        </Button>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  /** The page's address: a navigation elsewhere (the browser's Back) leaves the error behind. */
  resetKey: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; at: string | null }> {
  override state = { error: null as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; at: string | null }) {
    if (state.at === null) return { at: props.resetKey };
    if (state.at !== props.resetKey) return { error: null, at: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/** Every route's error boundary. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
