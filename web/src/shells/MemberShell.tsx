/** Shell of the player area: navigation, language, theme, profile menu with Logout, footer. */
import { useTranslation } from "react-i18next";
import { LanguagePicker } from "../components/LanguagePicker.tsx";
import { ProductLogo } from "../components/ProductLogo.tsx";
import { ProfileMenu } from "../components/ProfileMenu.tsx";
import { ThemeToggle } from "../components/ThemeToggle.tsx";
import { BannedWarningListener } from "../features/bans/BannedWarningListener.tsx";
import { PlayerSignals } from "../features/playerSignals/PlayerSignals.tsx";
import { ConnectionBanner } from "../realtime/ConnectionBanner.tsx";
import { HeaderNavLink } from "./HeaderNavLink.tsx";
import { SiteLayout } from "./SiteLayout.tsx";

export function MemberShell() {
  const { t } = useTranslation();
  return (
    <SiteLayout
      logo={<ProductLogo to="/member/home" />}
      nav={
        <>
          <HeaderNavLink to="/member/home">{t("nav.home")}</HeaderNavLink>
          <HeaderNavLink to="/member/create-ticket">{t("nav.create_ticket")}</HeaderNavLink>
          <HeaderNavLink to="/member/ticket-history">{t("nav.ticket_history")}</HeaderNavLink>
          <HeaderNavLink to="/member/faq">{t("nav.faq")}</HeaderNavLink>
        </>
      }
      actions={
        <>
          <BannedWarningListener />
          <PlayerSignals />
          <LanguagePicker />
          <ThemeToggle />
          <ProfileMenu />
        </>
      }
      banner={<ConnectionBanner />}
    />
  );
}
