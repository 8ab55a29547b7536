/**
 * A new password and its confirmation (spec/1-product-frame.md §5, spec/3-staff-administration.md §5): the rule checklist turns green as each
 * rule is met; 'Please enter a valid password.' and 'Passwords do not match.' show inline. Used by
 * the set-password page and the profile's password change.
 */
import { PasswordInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isValidPassword } from "../../../common/password.ts";
import { PasswordChecklist } from "./PasswordChecklist.tsx";

export interface NewPassword {
  password: string;
  confirm: string;
}

/** Whether the pair may be submitted: a valid password, confirmed. */
export function isNewPasswordReady({ password, confirm }: NewPassword): boolean {
  return isValidPassword(password) && password === confirm;
}

export function NewPasswordFields({ value, onChange }: { value: NewPassword; onChange: (next: NewPassword) => void }) {
  const { t } = useTranslation();
  const { password, confirm } = value;
  return (
    <>
      <PasswordInput
        label={t("set_password.new_password")}
        autoComplete="new-password"
        visibilityToggleButtonProps={{ "aria-label": t("password.toggle_visibility") }}
        required
        value={password}
        onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
        error={password && !isValidPassword(password) ? t("set_password.invalid_password") : null}
        data-testid="new-password"
      />
      <PasswordChecklist password={password} />
      <PasswordInput
        label={t("set_password.confirm_password")}
        autoComplete="new-password"
        visibilityToggleButtonProps={{ "aria-label": t("password.toggle_visibility") }}
        required
        value={confirm}
        onChange={(event) => onChange({ ...value, confirm: event.currentTarget.value })}
        error={confirm && password !== confirm ? t("set_password.mismatch") : null}
        data-testid="confirm-password"
      />
    </>
  );
}
