/**
 * Set-password (spec/1-product-frame.md §2, §5): the token is checked on load; a valid one shows the form with the
 * rule checklist; submit is enabled only when the password is valid and both entries match.
 */
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconKey } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { checkPasswordToken, setupPassword } from "../../api/auth.ts";
import { ApiError } from "../../api/client.ts";
import { AuthCard } from "../../components/AuthCard.tsx";
import { isNewPasswordReady, type NewPassword, NewPasswordFields } from "../../components/NewPasswordFields.tsx";
import { showError } from "../../ui/errorDialogStore.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";

type Phase = "checking" | "valid" | "invalid" | "saving" | "done";

export default function SetupPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t("set_password.title"));
  const { token = "" } = useParams();
  const [phase, setPhase] = useState<Phase>("checking");
  const [entry, setEntry] = useState<NewPassword>({ password: "", confirm: "" });

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

  const canSubmit = isNewPasswordReady(entry) && phase === "valid";

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setPhase("saving");
    try {
      await setupPassword(token, entry.password);
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
          <NewPasswordFields value={entry} onChange={setEntry} />
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
