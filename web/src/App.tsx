/**
 * Providers around the router: theme (light/dark stored locally, following the system until
 * chosen), text direction that follows the language, queries; the notifications host, the modals
 * provider and the error dialog load after the first render (ui/DeferredHosts.tsx).
 */
import {
  DirectionProvider,
  localStorageColorSchemeManager,
  MantineProvider,
  type MantineThemeOverride,
  mergeThemeOverrides,
  useDirection,
} from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter } from "react-router";
import { STORAGE_KEYS } from "../../common/constants.ts";
import { directionOf } from "./i18n.ts";
import { RouteErrorBoundary } from "./router/RouteErrorPage.tsx";
import { AppRoutes, preloadMatchedPages } from "./router/routes.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";
import { DeferredHosts } from "./ui/DeferredHosts.tsx";
import { MainLoader } from "./ui/Loaders.tsx";

const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/** Keeps Mantine's direction in step with the language (Arabic is right to left). */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    setDirection(directionOf(language));
  }, [language, setDirection]);
  return null;
}

/**
 * The theme with the words Mantine draws itself: the close button of every modal and drawer
 * (an icon alone) is named "Close" in the page's language, which screen readers need and axe
 * checks (button-name). Until the texts are in, the key stands in.
 */
function useLocalizedTheme(): MantineThemeOverride {
  const { t } = useTranslation("common", { useSuspense: false });
  const close = t("close");
  return useMemo(() => {
    const closeButton = { defaultProps: { closeButtonProps: { "aria-label": close } } };
    return mergeThemeOverrides(theme, { components: { Modal: closeButton, Drawer: closeButton } });
  }, [close]);
}

preloadMatchedPages();

export function App() {
  const localizedTheme = useLocalizedTheme();
  return (
    <DirectionProvider initialDirection={directionOf(document.documentElement.lang)} detectDirection>
      <MantineProvider
        theme={localizedTheme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
      >
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<MainLoader />}>
            <DirectionSync />
            {/* Its own boundary: a dialog waiting for its texts must not blank the page. */}
            <Suspense fallback={null}>
              <DeferredHosts />
            </Suspense>
            <BrowserRouter>
              <RouteErrorBoundary>
                <AppRoutes />
              </RouteErrorBoundary>
            </BrowserRouter>
          </Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
