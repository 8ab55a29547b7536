/**
 * Member home (spec 1 §2): the two main actions and the account links of the game site. The first
 * five FAQs and the player announcements come later.
 */
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconExternalLink, IconHistory, IconKey, IconShieldLock, IconTicket, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type PublicLinks, usePublicConfig } from "../../api/config.ts";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";
import { useSession } from "../../session/SessionContext.ts";

const ACCOUNT_LINKS: { key: keyof PublicLinks; label: string; icon: ReactNode }[] = [
  { key: "safeZone", label: "member.home.safe_zone", icon: <IconShieldLock size={18} /> },
  { key: "changePassword", label: "member.home.change_password", icon: <IconKey size={18} /> },
  { key: "deleteAccount", label: "member.home.delete_account", icon: <IconTrash size={18} /> },
];

export default function MemberHomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { data } = usePublicConfig();
  const links = data?.links ?? {};
  return (
    <PagePlaceholder title={t("member.home.title")} subtitle={t("member.home.welcome", { name: user?.name ?? "" })}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" h="100%" justify="space-between">
            <div>
              <Title order={4}>{t("member.home.create_title")}</Title>
              <Text size="sm" c="dimmed">
                {t("member.home.create_text")}
              </Text>
            </div>
            <Button component={Link} to="/member/create-ticket" leftSection={<IconTicket size={18} />}>
              {t("nav.create_ticket")}
            </Button>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" h="100%" justify="space-between">
            <div>
              <Title order={4}>{t("member.home.history_title")}</Title>
              <Text size="sm" c="dimmed">
                {t("member.home.history_text")}
              </Text>
            </div>
            <Button
              component={Link}
              to="/member/ticket-history"
              variant="light"
              leftSection={<IconHistory size={18} />}
            >
              {t("nav.ticket_history")}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" padding="lg">
        <Title order={5} mb="xs">
          {t("member.home.account_title")}
        </Title>
        <Group gap="lg">
          {ACCOUNT_LINKS.map(({ key, label, icon }) =>
            links[key] ? (
              <Anchor key={key} href={links[key]} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={6} wrap="nowrap">
                  {icon}
                  {t(label)}
                  <IconExternalLink size={14} />
                </Group>
              </Anchor>
            ) : null,
          )}
        </Group>
      </Card>
    </PagePlaceholder>
  );
}
