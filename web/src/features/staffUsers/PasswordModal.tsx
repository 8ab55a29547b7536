/** Change an employee's password (spec/3-staff-administration.md §2.2, §5): the rules' checklist, and a matching confirmation. */
import { Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isNewPasswordReady, type NewPassword, NewPasswordFields } from "../../components/NewPasswordFields.tsx";
import { changePassword, type Employee } from "./api.ts";
import { DialogFrame } from "./DialogFrame.tsx";
import { useDialogSubmit } from "./useDialogSubmit.ts";

export function PasswordModal({ employee, onClose }: { employee: Employee; onClose(): void }) {
  const { t } = useTranslation("users");
  const [entry, setEntry] = useState<NewPassword>({ password: "", confirm: "" });
  const { busy, run } = useDialogSubmit(onClose);
  return (
    <DialogFrame
      title={t("password.title", { name: employee.name })}
      onClose={onClose}
      onConfirm={() => void run(() => changePassword(employee.id, entry.password, entry.confirm))}
      canConfirm={isNewPasswordReady(entry)}
      busy={busy}
      testId="password-dialog"
    >
      <Text size="sm" c="dimmed">
        {t("password.hint")}
      </Text>
      <NewPasswordFields value={entry} onChange={setEntry} />
    </DialogFrame>
  );
}
