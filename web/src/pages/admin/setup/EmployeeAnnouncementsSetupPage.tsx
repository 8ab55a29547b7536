/** Announcements for employees (spec/3-staff-administration.md §2.4): like the player ones, without English fields. */
import { AnnouncementsSetup } from "../../../features/content/AnnouncementsSetup.tsx";

export default function EmployeeAnnouncementsSetupPage() {
  return <AnnouncementsSetup kind="employee" />;
}
