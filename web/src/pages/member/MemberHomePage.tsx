/**
 * Member home (spec/1-product-frame.md §2): the player announcements, the two main actions, the account pages of
 * the game site (opened in a new tab) and the first five FAQs.
 */
import { Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconExternalLink, IconHistory, IconKey, IconShieldLock, IconTicket, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type PublicLinks, usePublicConfig } from "../../api/config.ts";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PlayerAnnouncements } from "../../features/content/PlayerAnnouncements.tsx";
import { TopFaqs } from "../../features/content/TopFaqs.tsx";
import { RecentTickets } from "../../features/playerSignals/RecentTickets.tsx";
import { useSession } from "../../session/SessionContext.ts";

const ACCOUNT_LINKS: { key: keyof PublicLinks; label: string; icon: ReactNode; color?: string }[] = [
  { key: "safeZone", label: "member.home.safe_zone", icon: <IconShieldLock size={18} /> },
  { key: "changePassword", label: "member.home.change_password", icon: <IconKey size={18} /> },
  { key: "deleteAccount", label: "member.home.delete_account", icon: <IconTrash size={18} />, color: "red" },
];

interface ActionCardProps {
  title: string;
  text: string;
  children: ReactNode;
}

function ActionCard({ title, text, children }: ActionCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%" justify="space-between">
        <div>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

function AccountLinks() {
  const { t } = useTranslation();
  const { data } = usePublicConfig();
  const links: Partial<PublicLinks> = data?.links ?? {};
  const shown = ACCOUNT_LINKS.filter(({ key }) => links[key]);
  if (shown.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="account-links">
      <Title order={3} size="h5" mb={4}>
        {t("member.home.account_title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("member_home.account_text")}
      </Text>
      <Stack gap="xs">
        {shown.map(({ key, label, icon, color }) => (
          <Anchor
            key={key}
            href={links[key]}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            data-testid={`account-link-${key}`}
          >
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="xl" size="md" color={color}>
                {icon}
              </ThemeIcon>
              <span>{t(label)}</span>
              <IconExternalLink size={14} aria-label={t("member_home.opens_new_tab")} />
            </Group>
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}

export default function MemberHomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <>
      <PageHeader title={t("member.home.title")} subtitle={t("member.home.welcome", { name: user?.name ?? "" })} />
      <Stack gap="xl">
        <PlayerAnnouncements />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ActionCard title={t("member.home.create_title")} text={t("member.home.create_text")}>
            <Button
              component={Link}
              to="/member/create-ticket"
              leftSection={<IconTicket size={18} />}
              data-testid="home-create-ticket"
            >
              {t("nav.create_ticket")}
            </Button>
          </ActionCard>
          <ActionCard title={t("member.home.history_title")} text={t("member.home.history_text")}>
            <Button
              component={Link}
              to="/member/ticket-history"
              variant="light"
              leftSection={<IconHistory size={18} />}
              data-testid="home-ticket-history"
            >
              {t("nav.ticket_history")}
            </Button>
          </ActionCard>
        </SimpleGrid>
        <RecentTickets />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <TopFaqs faqPath="/member/faq" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <AccountLinks />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
