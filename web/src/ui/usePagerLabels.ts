/**
 * Names for the buttons of a Mantine Pagination ("Previous page", "Page 3"), translated: the
 * arrows carry only an icon and the pages only a number, which a screen reader cannot tell apart.
 * Spread the result on any `<Pagination>`.
 */
import type { PaginationProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

type PagerLabelProps = Required<Pick<PaginationProps, "getControlProps" | "getItemProps">>;

export function usePagerLabels(): PagerLabelProps {
  const { t } = useTranslation("common");
  return {
    getControlProps: (control) => ({ "aria-label": t(`pagination.${control}`) }),
    getItemProps: (page) => ({ "aria-label": t("pagination.page", { page }) }),
  };
}
