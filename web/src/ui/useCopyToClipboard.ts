/**
 * Copy to clipboard (spec/1-product-frame.md §2): `copied` holds the copied value for 2 s (for an inline notice),
 * and each new copied value raises the green top-centre 'Text copied!' toast after 50 ms.
 */
import { notifications } from "@mantine/notifications";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TIMING } from "../../../common/constants.ts";

export function useCopyToClipboard() {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<string | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (copied === null) return;
    const toast = setTimeout(() => {
      notifications.show({ message: t("copy.copied"), color: "green", position: "top-center", autoClose: 2000 });
    }, TIMING.copyToastDelayMs);
    return () => clearTimeout(toast);
  }, [copied, t]);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      // Clipboard access needs a secure context; an older path keeps plain-HTTP installs working.
      console.warn("Clipboard API unavailable, using the fallback", error);
      const area = document.createElement("textarea");
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(text);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setCopied(null), TIMING.copyNoticeMs);
  }, []);

  return { copy, copied };
}
