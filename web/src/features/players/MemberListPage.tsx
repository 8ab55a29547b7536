/** The page around a player list: heading, breadcrumb Home > Players > the list's title. */
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import { useSession } from "../../session/SessionContext.ts";
import { MemberList } from "./MemberList.tsx";
import type { MemberListKind } from "./memberSearch.ts";

const TITLES: Record<MemberListKind, string> = { search: "search_title", banned: "banned_title" };

export function MemberListPage({ kind }: { kind: MemberListKind }) {
  const { t } = useTranslation("players");
  const { user } = useSession();
  const title = t(TITLES[kind]);
  const breadcrumbs = useAdminCrumbs(
    { label: t("players", { ns: "sidebar" }), to: "/admin/members/search-members" },
    { label: title },
  );
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      {user && <MemberList key={`${kind}-${user.id}`} kind={kind} userId={user.id} />}
    </>
  );
}
