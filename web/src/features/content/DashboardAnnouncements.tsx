/** Employee and player announcements on the dashboard (spec 3 §2.1), built by issue 8 part content. */
export function DashboardAnnouncements() {
  return null;
}
