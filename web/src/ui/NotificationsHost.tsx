/** Mantine's notifications host: a chunk loaded after the first render (see DeferredHosts.tsx). */
import { Notifications } from "@mantine/notifications";

export default function NotificationsHost() {
  return <Notifications position="top-center" zIndex={1000} />;
}
