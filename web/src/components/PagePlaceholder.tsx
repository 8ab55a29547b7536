/** A page whose content is still to come: title, breadcrumb and a clear "being built" notice. */
import { Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconHammer } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type Crumb, PageHeader } from "./PageHeader.tsx";

interface PagePlaceholderProps {
  title: string;
  subtitle?: string;
  breadcrumbs?: Crumb[];
  /** Anything already real on the page (links, buttons), shown above the notice. */
  children?: ReactNode;
}

export function PagePlaceholder({ title, subtitle, breadcrumbs, children }: PagePlaceholderProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} breadcrumbs={breadcrumbs} />
      <Stack gap="lg">
        {children}
        <Paper withBorder radius="md" p="xl" data-testid="page-placeholder">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconHammer size={26} />
            </ThemeIcon>
            <Text fw={600}>{t("placeholder.title")}</Text>
            <Text c="dimmed" size="sm" maw={460}>
              {t("placeholder.body")}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
