/** Banned players, /admin/members/search-banned (spec/3-staff-administration.md §2.3): the player search with the banned filter fixed. */
import { MemberListPage } from "../../../features/players/MemberListPage.tsx";

export default function SearchBannedPage() {
  return <MemberListPage kind="banned" />;
}
