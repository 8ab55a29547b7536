/** Page titles read '{title} - {product} Support', prefixed '[n] ' while notifications are unread (spec/2-staff-ticket-work.md §7). */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "../../../common/constants.ts";
import { createStore, useStore } from "./createStore.ts";

/** Unread notification count, set by the realtime layer (number_notifications). */
export const unreadNotificationsStore = createStore(0);

export function formatPageTitle(title: string, product: string, unread: number): string {
  return `${unread > 0 ? `[${unread}] ` : ""}${title} - ${product}`;
}

export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const unread = useStore(unreadNotificationsStore);
  useEffect(() => {
    document.title = formatPageTitle(title, t("product_support", { product: PRODUCT_NAME }), unread);
  }, [title, unread, t]);
}
