/**
 * Public landing (/home, /portal; spec/1-product-frame.md §2), also the landing of temporary users: welcome text,
 * sign-in and game-login links, the player announcements and the first five FAQs. A temporary
 * user also gets a way back to their ticket.
 */
import { Alert, Button, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconExternalLink, IconHeadset, IconInfoCircle, IconLogin, IconTicket } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../../../common/constants.ts";
import { encodeTicketInfo } from "../../../../common/ticket-code.ts";
import { usePublicConfig } from "../../api/config.ts";
import { PlayerAnnouncements } from "../../features/content/PlayerAnnouncements.tsx";
import { TopFaqs } from "../../features/content/TopFaqs.tsx";
import { useSession } from "../../session/SessionContext.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";

/** A temporary session's own ticket, as the /ticket/{ticket_info} address. */
function useTemporaryTicketPath(): string | null {
  const { user, temp } = useSession();
  if (!temp || !user || user.ticket_id === undefined) return null;
  return `/ticket/${encodeTicketInfo({ ticketId: user.ticket_id, email: user.email })}`;
}

function TemporaryTicketNotice({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      radius="md"
      icon={<IconTicket size={20} />}
      title={t("landing.your_ticket_title")}
      data-testid="temporary-ticket-notice"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t("landing.your_ticket_text")}</Text>
        <Button component={Link} to={path} size="xs" leftSection={<IconTicket size={16} />}>
          {t("landing.back_to_ticket")}
        </Button>
      </Group>
    </Alert>
  );
}

export default function LandingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { data } = usePublicConfig();
  const [params] = useSearchParams();
  const ticketPath = useTemporaryTicketPath();
  usePageTitle(t("landing.title"));
  const gameLogin = data?.links.gameLogin;
  // A visitor who followed a member ticket link arrives here with ?ticket=…: they must sign in.
  const followedTicketLink = !user && params.has("ticket");

  return (
    <Stack gap="xl">
      {followedTicketLink && (
        <Alert variant="light" color="yellow" radius="md" icon={<IconInfoCircle size={20} />}>
          {t("landing.sign_in_for_ticket")}
        </Alert>
      )}
      {ticketPath && <TemporaryTicketNotice path={ticketPath} />}
      <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }}>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={56} radius="xl" variant="light" visibleFrom="xs">
            <IconHeadset size={30} />
          </ThemeIcon>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {t("landing.welcome_title")}
            </Title>
            <Text c="dimmed">{t("landing.welcome_text", { product: PRODUCT_NAME })}</Text>
            <Group gap="sm" mt="xs">
              <Button component={Link} to="/login" leftSection={<IconLogin size={18} />} data-testid="landing-sign-in">
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
                  data-testid="landing-game-login"
                >
                  {t("landing.game_login")}
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PlayerAnnouncements />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TopFaqs faqPath="/faq" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
