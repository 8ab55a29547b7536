/** Announcements for players (spec/3-staff-administration.md §2.4): title, message, English title and message, value, dates, active. */
import { AnnouncementsSetup } from "../../../features/content/AnnouncementsSetup.tsx";

export default function AnnouncementsSetupPage() {
  return <AnnouncementsSetup kind="player" />;
}
