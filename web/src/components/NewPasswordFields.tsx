/**
 * A new password and its confirmation with the rule checklist (spec 1 §5, spec 3 §5): 'Please
 * enter a valid password.' under an invalid entry, 'Passwords do not match.' under a different
 * confirmation. The form decides what to do with `ready` (both valid and equal).
 */
import { PasswordInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isValidPassword } from "../../../common/password.ts";
import { PasswordChecklist } from "./PasswordChecklist.tsx";

export interface NewPasswordValue {
  password: string;
  confirm: string;
}

export function newPasswordReady({ password, confirm }: NewPasswordValue): boolean {
  return isValidPassword(password) && password === confirm;
}

export function NewPasswordFields({
  value,
  onChange,
}: {
  value: NewPasswordValue;
  onChange(value: NewPasswordValue): void;
}) {
  const { t } = useTranslation();
  const { password, confirm } = value;
  const toggle = { "aria-label": t("password.toggle_visibility") };
  return (
    <>
      <PasswordInput
        label={t("set_password.new_password")}
        autoComplete="new-password"
        visibilityToggleButtonProps={toggle}
        required
        value={password}
        onChange={(event) => onChange({ password: event.currentTarget.value, confirm })}
        error={password && !isValidPassword(password) ? t("set_password.invalid_password") : null}
      />
      <PasswordChecklist password={password} />
      <PasswordInput
        label={t("set_password.confirm_password")}
        autoComplete="new-password"
        visibilityToggleButtonProps={toggle}
        required
        value={confirm}
        onChange={(event) => onChange({ password, confirm: event.currentTarget.value })}
        error={confirm && password !== confirm ? t("set_password.mismatch") : null}
      />
    </>
  );
}
