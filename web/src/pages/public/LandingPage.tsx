/**
 * Public landing (/home, /portal; spec 1 §2): welcome text, sign-in link and the game login link.
 * Announcements and the first five FAQs come later.
 */
import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconExternalLink, IconHeadset, IconLogin } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PRODUCT_NAME } from "../../../../common/constants.ts";
import { usePublicConfig } from "../../api/config.ts";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function LandingPage() {
  const { t } = useTranslation();
  const { data } = usePublicConfig();
  const gameLogin = data?.links.gameLogin;
  return (
    <PagePlaceholder title={t("landing.title", { product: PRODUCT_NAME })}>
      <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }}>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={56} radius="xl" variant="light" visibleFrom="xs">
            <IconHeadset size={30} />
          </ThemeIcon>
          <Stack gap="sm">
            <Title order={3}>{t("landing.welcome_title")}</Title>
            <Text c="dimmed">{t("landing.welcome_text", { product: PRODUCT_NAME })}</Text>
            <Group gap="sm" mt="xs">
              <Button component={Link} to="/login" leftSection={<IconLogin size={18} />}>
                {t("landing.sign_in")}
              </Button>
              {gameLogin && (
                <Button
                  component="a"
                  href={gameLogin}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="default"
                  rightSection={<IconExternalLink size={16} />}
                >
                  {t("landing.game_login")}
                </Button>
              )}
            </Group>
            <Anchor component={Link} to="/faq" size="sm">
              {t("landing.faq_link")}
            </Anchor>
          </Stack>
        </Group>
      </Paper>
    </PagePlaceholder>
  );
}
