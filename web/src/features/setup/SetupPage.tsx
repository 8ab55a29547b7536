/** The frame of a setup page: title, subtitle and the Home > Setup > page breadcrumb. */
import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";

export function SetupPage({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation("sidebar");
  const breadcrumbs = useAdminCrumbs({ label: t("setup") }, { label: title });
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} breadcrumbs={breadcrumbs} />
      <Stack gap="lg">{children}</Stack>
    </>
  );
}
