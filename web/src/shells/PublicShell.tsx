/** Shell of the public pages: Home, FAQ, Sign in; language picker; theme toggle; footer. */
import { Button } from "@mantine/core";
import { IconLogin } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LanguagePicker } from "../components/LanguagePicker.tsx";
import { ProductLogo } from "../components/ProductLogo.tsx";
import { ProfileMenu } from "../components/ProfileMenu.tsx";
import { ThemeToggle } from "../components/ThemeToggle.tsx";
import { BannedWarningListener } from "../features/bans/BannedWarningListener.tsx";
import { DeferredPlayerSignals } from "../features/playerSignals/DeferredPlayerSignals.tsx";
import { useSession } from "../session/SessionContext.ts";
import { SiteLayout } from "./SiteLayout.tsx";

export function PublicShell() {
  const { t } = useTranslation();
  const { user, isStaff, isMember } = useSession();
  const { pathname } = useLocation();
  const home = isStaff ? "/admin/dashboard" : isMember ? "/member/home" : "/home";
  return (
    <SiteLayout
      logo={<ProductLogo to="/" />}
      nav={[
        { to: home, label: t("nav.home") },
        { to: "/faq", label: t("nav.faq") },
        ...(!isStaff && !isMember ? [{ to: "/ticket", label: t("edit:temporary.nav") }] : []),
      ]}
      actions={
        <>
          <BannedWarningListener />
          {user && !isStaff && <DeferredPlayerSignals />}
          <LanguagePicker />
          <ThemeToggle />
          {user ? (
            <ProfileMenu staffLinks={isStaff} />
          ) : (
            pathname !== "/login" && (
              <Button component={Link} to="/login" leftSection={<IconLogin size={18} />} size="sm">
                {t("nav.sign_in")}
              </Button>
            )
          )}
        </>
      }
    />
  );
}
