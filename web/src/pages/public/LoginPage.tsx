/**
 * Sign-in (spec/1-product-frame.md §2, §4, §8): e-mail, password and the human-verification widget. A visitor who
 * already has a session is sent on by class; success is a full-page redirect by class; a failure
 * shows the server's message under the form and resets the widget; 409 means already signed in.
 */
import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconLock } from "@tabler/icons-react";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { homePathFor, login, pulseCheck } from "../../api/auth.ts";
import { ApiError } from "../../api/client.ts";
import { usePublicConfig } from "../../api/config.ts";
import { type AltchaHandle, AltchaWidget } from "../../components/AltchaWidget.tsx";
import { AuthCard } from "../../components/AuthCard.tsx";
import { useSession } from "../../session/SessionContext.ts";
import { apiErrorText } from "../../ui/useErrorText.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Status = { kind: "idle" } | { kind: "submitting" } | { kind: "success" } | { kind: "error"; message: string };

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t("login.title"));
  const { user, temp } = useSession();
  const config = usePublicConfig();
  const captchaOn = config.data?.captcha !== "off";
  const widget = useRef<AltchaHandle>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  if (user && status.kind === "idle") return <Navigate to={homePathFor({ user, temp })} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_FORMAT.test(email.trim())) {
      setEmailError(t("login.invalid_email"));
      return;
    }
    if (captchaOn && !captchaToken) {
      setStatus({ kind: "error", message: t("errors:captcha_required") });
      return;
    }
    setStatus({ kind: "submitting" });
    try {
      const session = await login(email.trim(), password, captchaOn ? captchaToken : "");
      setStatus({ kind: "success" });
      // A full page load starts the signed-in app from a clean state (socket, caches, language).
      window.location.assign(homePathFor(session));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const existing = await pulseCheck().catch(() => null);
        window.location.assign(existing ? homePathFor(existing) : "/");
        return;
      }
      console.error("Sign-in failed", error);
      const message = error instanceof ApiError ? apiErrorText(error) : t("errors:unknown");
      setStatus({ kind: "error", message });
      widget.current?.reset();
    }
  };

  const busy = status.kind === "submitting" || status.kind === "success";
  return (
    <AuthCard icon={<IconLock size={26} />} title={t("login.title")} subtitle={t("login.subtitle")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("login.email")}
            placeholder={t("login.email_placeholder")}
            type="email"
            autoComplete="username"
            required
            value={email}
            error={emailError}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setEmailError(null);
            }}
            disabled={busy}
          />
          <PasswordInput
            label={t("login.password")}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ "aria-label": t("password.toggle_visibility") }}
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            disabled={busy}
          />
          {captchaOn && config.isSuccess && <AltchaWidget ref={widget} onChange={setCaptchaToken} />}
          <Button type="submit" fullWidth size="md" loading={busy} disabled={!email || !password}>
            {t("login.submit")}
          </Button>
          {status.kind === "error" && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              data-testid="login-error"
            >
              {status.message}
            </Alert>
          )}
          {status.kind === "success" && (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
              {t("login.success")}
            </Alert>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
