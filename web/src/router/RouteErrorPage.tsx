/** Shown when a route chunk fails to load or a page throws: never a blank screen. */
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";

export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
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
