/** The product mark and name; links to the area's home. */
import { Group, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { IconHeadset } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PRODUCT_NAME } from "../../../common/constants.ts";

export function ProductLogo({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={to} aria-label={t("product_support", { product: PRODUCT_NAME })}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="gradient" gradient={{ from: "blue", to: "cyan", deg: 135 }}>
          <IconHeadset size={20} />
        </ThemeIcon>
        <Text fw={700} size="lg" visibleFrom="xs" style={{ whiteSpace: "nowrap" }}>
          {t("product_support", { product: PRODUCT_NAME })}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
