/**
 * Enable, disperse and delete: one question in the shared confirmation dialog, then the call; the
 * answer is told in a notice (how many tickets moved), a refusal in the shared error dialog.
 */
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { confirmAction } from "../../ui/confirmAction.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { deleteUser, disperseTickets, type Employee, enableUser, useRefreshStaffList } from "./api.ts";

export function useConfirmedActions() {
  const { t } = useTranslation("users");
  const refresh = useRefreshStaffList();

  async function confirmThen(message: string, call: () => Promise<string>, danger = false) {
    if (!(await confirmAction({ message, danger }))) return;
    try {
      notifications.show({ message: await call(), color: "green", autoClose: 4000 });
    } catch (failure) {
      showError(failure);
    } finally {
      void refresh();
    }
  }

  return {
    enable: (e: Employee) =>
      void confirmThen(t("enable.message", { name: e.name }), async () => {
        await enableUser(e.id);
        return t("saved");
      }),
    disperse: (e: Employee) =>
      void confirmThen(t("disperse.message", { name: e.name }), async () => {
        const { dispersed, remaining } = await disperseTickets(e.id);
        // Two sentences, each agreeing with its own count.
        const done = t("disperse.done", { count: dispersed });
        return remaining > 0 ? `${done} ${t("disperse.remaining", { count: remaining })}` : done;
      }),
    remove: (e: Employee) =>
      void confirmThen(
        t("delete.message", { name: e.name }),
        async () => {
          await deleteUser(e.id);
          return t("delete.done", { name: e.name });
        },
        true,
      ),
  };
}
