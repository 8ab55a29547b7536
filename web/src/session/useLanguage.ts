/**
 * The active language (spec/1-product-frame.md §4): kept per user in local storage and on the server for signed-in
 * users; anonymous visitors have their own stored choice.
 */
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage, type Language } from "../../../common/constants.ts";
import type { SessionUser } from "../../../common/schemas/auth.ts";
import { changeLanguagePreference } from "../api/auth.ts";
import { anonymousLanguage, storeLanguage, userLanguage } from "../i18n.ts";
import { useSession } from "./SessionContext.ts";

/** Switches to the user's language once the session is known, and back on sign-out. */
export function useSessionLanguage(user: SessionUser | null): void {
  const { i18n } = useTranslation();
  const userId = user?.id ?? null;
  const serverLanguage = user?.language;
  useEffect(() => {
    const wanted = userId === null || !serverLanguage ? anonymousLanguage() : userLanguage(userId, serverLanguage);
    if (i18n.resolvedLanguage !== wanted) void i18n.changeLanguage(wanted);
  }, [userId, serverLanguage, i18n]);
}

export function useLanguage() {
  const { i18n } = useTranslation();
  const { user, temp } = useSession();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "en";

  const setLanguage = useCallback(
    async (language: Language) => {
      storeLanguage(language, user?.id ?? null);
      await i18n.changeLanguage(language);
      if (user && !temp) {
        try {
          await changeLanguagePreference(language);
        } catch (error) {
          // The local choice already applies; the server copy catches up on the next change.
          console.error("Saving the language preference failed", error);
        }
      }
    },
    [i18n, user, temp],
  );

  return { language: current, setLanguage };
}
