/**
 * The notifications host, the modals provider and the error dialog are not in the first render:
 * each loads when the browser is first idle after it, or at once when it has something to show
 * (a toast in the store, a confirmation asked for, an error set).
 */
import { type ModalSettings, modals } from "@mantine/modals";
import { useNotifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useStore } from "./createStore.ts";
import { deferredModule, loadWhenIdle } from "./deferred.ts";
import { errorDialogStore } from "./errorDialogStore.ts";

const notificationsHost = deferredModule(() => import("./NotificationsHost.tsx"));
const modalsHost = deferredModule(() => import("./ModalsHost.tsx"));
const errorDialog = deferredModule(() => import("./ErrorDialogHost.tsx"));
loadWhenIdle(notificationsHost);
loadWhenIdle(modalsHost);
loadWhenIdle(errorDialog);

let markModalsMounted: () => void = () => undefined;
const modalsMounted = new Promise<void>((resolve) => {
  markModalsMounted = resolve;
});

type ConfirmModalSettings = Parameters<typeof modals.openConfirmModal>[0];

/** modals.openConfirmModal, once the provider is loaded and listening. */
export async function openConfirmModal(settings: ConfirmModalSettings & ModalSettings): Promise<void> {
  await modalsHost.load();
  await modalsMounted;
  modals.openConfirmModal(settings);
}

function logFailure(error: unknown): void {
  console.error(error);
}

function NotificationsSlot() {
  const { notifications, queue } = useNotifications();
  const Host = notificationsHost.use();
  const wanted = notifications.length + queue.length > 0;
  useEffect(() => {
    if (wanted) notificationsHost.load().catch(logFailure);
  }, [wanted]);
  return Host ? <Host.default /> : null;
}

function ModalsSlot() {
  const Host = modalsHost.use();
  return Host ? <Host.default onMounted={markModalsMounted} /> : null;
}

function ErrorDialogSlot() {
  const state = useStore(errorDialogStore);
  const Dialog = errorDialog.use();
  const wanted = state !== null;
  useEffect(() => {
    if (wanted) errorDialog.load().catch(logFailure);
  }, [wanted]);
  return Dialog ? <Dialog.ErrorDialogHost /> : null;
}

export function DeferredHosts() {
  return (
    <>
      <NotificationsSlot />
      <ModalsSlot />
      <ErrorDialogSlot />
    </>
  );
}
