/** Shell of the player area: navigation, language, theme, profile menu with Logout, footer. */
import { useTranslation } from "react-i18next";
import { LanguagePicker } from "../components/LanguagePicker.tsx";
import { ProductLogo } from "../components/ProductLogo.tsx";
import { ProfileMenu } from "../components/ProfileMenu.tsx";
import { ThemeToggle } from "../components/ThemeToggle.tsx";
import { BannedWarningListener } from "../features/bans/BannedWarningListener.tsx";
import { DeferredPlayerSignals } from "../features/playerSignals/DeferredPlayerSignals.tsx";
import { ConnectionBanner } from "../realtime/ConnectionBanner.tsx";
import { SiteLayout } from "./SiteLayout.tsx";

export function MemberShell() {
  const { t } = useTranslation();
  return (
    <SiteLayout
      logo={<ProductLogo to="/member/home" />}
      nav={[
        { to: "/member/home", label: t("nav.home") },
        { to: "/member/create-ticket", label: t("nav.create_ticket") },
        { to: "/member/ticket-history", label: t("nav.ticket_history") },
        { to: "/member/faq", label: t("nav.faq") },
      ]}
      actions={
        <>
          <BannedWarningListener />
          <DeferredPlayerSignals />
          <LanguagePicker />
          <ThemeToggle />
          <ProfileMenu />
        </>
      }
      banner={<ConnectionBanner />}
    />
  );
}
