/** Player search, /admin/members/search-members (spec/3-staff-administration.md §2.3). */
import { MemberListPage } from "../../../features/players/MemberListPage.tsx";

export default function SearchMembersPage() {
  return <MemberListPage kind="search" />;
}
