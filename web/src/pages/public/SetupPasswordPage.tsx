/**
 * Set-password (spec 1 §2, §5): the token is checked on load; a valid one shows the form with the
 * rule checklist; submit is enabled only when the password is valid and both entries match.
 */
import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconKey } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { isValidPassword } from "../../../../common/password.ts";
import { checkPasswordToken, setupPassword } from "../../api/auth.ts";
import { ApiError } from "../../api/client.ts";
import { AuthCard } from "../../components/AuthCard.tsx";
import { PasswordChecklist } from "../../components/PasswordChecklist.tsx";
import { showError } from "../../ui/errorDialogStore.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";

type Phase = "checking" | "valid" | "invalid" | "saving" | "done";

export default function SetupPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t("set_password.title"));
  const { token = "" } = useParams();
  const [phase, setPhase] = useState<Phase>("checking");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");

  useEffect(() => {
    let current = true;
    checkPasswordToken(token)
      .then((valid) => current && setPhase(valid ? "valid" : "invalid"))
      .catch((error: unknown) => {
        if (!current) return;
        showError(error);
        setPhase("invalid");
      });
    return () => {
      current = false;
    };
  }, [token]);

  const valid = isValidPassword(password);
  const matches = password === confirm;
  const canSubmit = valid && matches && phase === "valid";

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setPhase("saving");
    try {
      await setupPassword(token, password);
      setPhase("done");
    } catch (error) {
      if (error instanceof ApiError && error.code === "token_invalid") {
        setPhase("invalid");
        return;
      }
      setPhase("valid");
      showError(error);
    }
  };

  let body: React.ReactNode;
  if (phase === "checking") {
    body = (
      <Center py="lg">
        <Loader />
      </Center>
    );
  } else if (phase === "invalid") {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="token-invalid">
        {t("set_password.token_invalid")}
      </Alert>
    );
  } else if (phase === "done") {
    body = (
      <Stack gap="md" align="center">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} w="100%" data-testid="password-set">
          {t("set_password.success")}
        </Alert>
        <Anchor component={Link} to="/login">
          {t("set_password.go_to_login")}
        </Anchor>
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t("set_password.new_password")}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ "aria-label": t("password.toggle_visibility") }}
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={password && !valid ? t("set_password.invalid_password") : null}
          />
          <PasswordChecklist password={password} />
          <PasswordInput
            label={t("set_password.confirm_password")}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ "aria-label": t("password.toggle_visibility") }}
            required
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
            error={confirm && !matches ? t("set_password.mismatch") : null}
          />
          <Button type="submit" fullWidth size="md" disabled={!canSubmit} loading={phase === "saving"}>
            {t("set_password.submit")}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t("set_password.hint")}
          </Text>
        </Stack>
      </form>
    );
  }

  return (
    <AuthCard icon={<IconKey size={26} />} title={t("set_password.title")} subtitle={t("set_password.subtitle")}>
      {body}
    </AuthCard>
  );
}
