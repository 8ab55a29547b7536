/** Breadcrumbs of staff pages start at Home (the dashboard). */
import { useTranslation } from "react-i18next";
import type { Crumb } from "./PageHeader.tsx";

export function useAdminCrumbs(...rest: Crumb[]): Crumb[] {
  const { t } = useTranslation("sidebar");
  return [{ label: t("home"), to: "/admin/dashboard" }, ...rest];
}
