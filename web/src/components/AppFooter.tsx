/** Footer of every shell: external links to the game site and social pages, and the version. */
import { Anchor, Group, Text } from "@mantine/core";
import { IconBrandDiscord, IconBrandFacebook, IconBrandYoutube, IconWorld } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME, PROJECT_VERSION } from "../../../common/constants.ts";
import { type PublicLinks, usePublicConfig } from "../api/config.ts";

const LINKS: { key: keyof PublicLinks; label: string; icon: ReactNode }[] = [
  { key: "gameSite", label: "footer.game_site", icon: <IconWorld size={16} /> },
  { key: "discord", label: "footer.discord", icon: <IconBrandDiscord size={16} /> },
  { key: "facebook", label: "footer.facebook", icon: <IconBrandFacebook size={16} /> },
  { key: "youtube", label: "footer.youtube", icon: <IconBrandYoutube size={16} /> },
];

export function AppFooter() {
  const { t } = useTranslation();
  const { data } = usePublicConfig();
  const links: Partial<PublicLinks> = data?.links ?? {};
  return (
    <Group justify="space-between" px="md" py="sm" gap="sm" wrap="wrap" component="footer">
      <Text size="sm" c="dimmed">
        {t("footer.copyright", { product: PRODUCT_NAME, year: new Date().getFullYear() })} ·{" "}
        {t("footer.version", { version: data?.version ?? PROJECT_VERSION })}
      </Text>
      <Group gap="md" wrap="wrap">
        {LINKS.filter(({ key }) => links[key]).map(({ key, label, icon }) => (
          <Anchor
            key={key}
            href={links[key]}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            c="dimmed"
            style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
          >
            {icon}
            {t(label)}
          </Anchor>
        ))}
      </Group>
    </Group>
  );
}
