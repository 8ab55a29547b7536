/**
 * Username, e-mail and password of the signed-in staff member (spec/3-staff-administration.md §2.5, §5): one field is in
 * edit at a time and the others are locked; Save is disabled while nothing changed. The username
 * loses @ and whitespace as it is typed; the e-mail and password changes ask the current password
 * first, since both change how the account signs in.
 */
import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil } from "@tabler/icons-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../../common/constants.ts";
import type { SessionUser } from "../../../../common/schemas/auth.ts";
import { USERNAME_FORBIDDEN } from "../../../../common/schemas/profile.ts";
import { ApiError } from "../../api/client.ts";
import { isNewPasswordReady, type NewPassword, NewPasswordFields } from "../../components/NewPasswordFields.tsx";
import { showError } from "../../ui/errorDialogStore.ts";
import { errorText } from "../../ui/useErrorText.ts";
import { profileCalls, useSetSessionUser } from "./api.ts";

type FieldKey = "name" | "email" | "password";
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface RowProps {
  field: FieldKey;
  label: string;
  shown: ReactNode;
  editing: FieldKey | null;
  onEdit: (field: FieldKey) => void;
  children: ReactNode;
}

/** One field: its value and Edit, or its editor; locked while another field is in edit. */
function FieldRow({ field, label, shown, editing, onEdit, children }: RowProps) {
  const { t } = useTranslation("account");
  return (
    <Paper withBorder radius="md" p="md" data-testid={`profile-${field}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {editing === field ? (
            children
          ) : (
            <Text fw={500} truncate data-testid={`profile-${field}-value`}>
              {shown}
            </Text>
          )}
        </Stack>
        {editing !== field && (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} />}
            disabled={editing !== null}
            onClick={() => onEdit(field)}
            data-testid={`profile-${field}-edit`}
          >
            {t("profile.edit")}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Save and Cancel of an open field. */
function EditorActions({ canSave, busy, onCancel }: { canSave: boolean; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation("account");
  return (
    <Group gap="xs" mt="xs">
      <Button type="submit" disabled={!canSave} loading={busy} data-testid="profile-save">
        {t("profile.save")}
      </Button>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t("profile.cancel")}
      </Button>
    </Group>
  );
}

/** Where a refusal shows: under the field it is about; anything else opens the error dialog. */
interface FieldError {
  text: string;
  /** A wrong current password shows under the current password, whichever field is in edit. */
  onCurrentPassword: boolean;
}

function fieldError(error: unknown): FieldError | null {
  if (error instanceof ApiError && [409, 422].includes(error.status)) {
    return { text: errorText(error.message, error.code), onCurrentPassword: isAboutCurrentPassword(error) };
  }
  showError(error);
  return null;
}

function isAboutCurrentPassword(error: ApiError): boolean {
  if (error.code === "current_password_wrong") return true;
  const first = Array.isArray(error.detail) ? (error.detail[0] as { loc?: unknown } | undefined) : undefined;
  return Array.isArray(first?.loc) && first.loc.includes("current_password");
}

/** The current password, asked before a change of how the account signs in. */
function CurrentPasswordInput({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("account");
  return (
    <PasswordInput
      label={t("profile.current_password")}
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autoFocus={autoFocus}
      data-testid="current-password"
    />
  );
}

export function ProfileFields({ user }: { user: SessionUser }) {
  const { t } = useTranslation("account");
  const setSessionUser = useSetSessionUser();
  const [editing, setEditing] = useState<FieldKey | null>(null);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [current, setCurrent] = useState("");
  const [fresh, setFresh] = useState<NewPassword>({ password: "", confirm: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldError | null>(null);

  const open = (field: FieldKey) => {
    setEditing(field);
    setName(user.name);
    setEmail(user.email);
    setCurrent("");
    setFresh({ password: "", confirm: "" });
    setError(null);
  };
  const close = () => setEditing(null);

  const save = (call: () => Promise<SessionUser>, done: string) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSessionUser(await call());
      notifications.show({ message: done, color: "green", autoClose: 3000 });
      close();
    } catch (failure) {
      setError(fieldError(failure));
    } finally {
      setBusy(false);
    }
  };

  const nameChanged = name !== "" && name !== user.name;
  const emailChanged = EMAIL_SHAPE.test(email.trim()) && email.trim().toLowerCase() !== user.email;
  const passwordReady = current !== "" && isNewPasswordReady(fresh);
  const fieldText = error && !error.onCurrentPassword ? error.text : null;
  const currentPasswordText = error?.onCurrentPassword ? error.text : null;

  return (
    <Stack gap="sm">
      <FieldRow field="name" label={t("profile.username")} shown={user.name} editing={editing} onEdit={open}>
        <form onSubmit={save(() => profileCalls.name(user.id, name), t("profile.username_saved"))} noValidate>
          <TextInput
            aria-label={t("profile.username")}
            value={name}
            maxLength={LIMITS.profileName}
            onChange={(event) => setName(event.currentTarget.value.replace(USERNAME_FORBIDDEN, ""))}
            description={`${t("profile.username_hint")} ${name.length}/${LIMITS.profileName}`}
            error={fieldText}
            autoFocus
            data-testid="profile-name-input"
          />
          <EditorActions canSave={nameChanged} busy={busy} onCancel={close} />
        </form>
      </FieldRow>

      <FieldRow field="email" label={t("profile.email")} shown={user.email} editing={editing} onEdit={open}>
        <form
          onSubmit={save(() => profileCalls.email(user.id, email.trim(), current), t("profile.email_saved"))}
          noValidate
        >
          <Stack gap="sm">
            <TextInput
              type="email"
              aria-label={t("profile.email")}
              value={email}
              maxLength={LIMITS.profileEmail}
              onChange={(event) => setEmail(event.currentTarget.value)}
              description={`${email.length}/${LIMITS.profileEmail}`}
              error={fieldText}
              autoFocus
              data-testid="profile-email-input"
            />
            <CurrentPasswordInput value={current} onChange={setCurrent} error={currentPasswordText} />
          </Stack>
          <EditorActions canSave={emailChanged && current !== ""} busy={busy} onCancel={close} />
        </form>
      </FieldRow>

      <FieldRow field="password" label={t("profile.password")} shown="••••••••" editing={editing} onEdit={open}>
        <form
          onSubmit={save(() => profileCalls.password(user.id, current, fresh.password), t("profile.password_saved"))}
          noValidate
        >
          <Stack gap="sm">
            <CurrentPasswordInput value={current} onChange={setCurrent} error={error?.text ?? null} autoFocus />
            <NewPasswordFields value={fresh} onChange={setFresh} />
          </Stack>
          <EditorActions canSave={passwordReady} busy={busy} onCancel={close} />
        </form>
      </FieldRow>
    </Stack>
  );
}
