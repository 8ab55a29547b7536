/**
 * Create user (spec/3-staff-administration.md §2.2, §4, §5): e-mail checked on blur ('This e-mail is already
 * registered.' blocks confirm), user or employee, a rank for employees whose defaults load and can
 * then be adjusted; afterwards the dialog shows the set-up link with a copy button.
 */
import { ActionIcon, Button, Group, Modal, Radio, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { holdsEveryPermission, type Permission, type StaffRank } from "../../../../common/permissions.ts";
import { checkNewUserEmailBody } from "../../../../common/schemas/staffUsers.ts";
import { useSession } from "../../session/SessionContext.ts";
import { useCopyToClipboard } from "../../ui/useCopyToClipboard.ts";
import { createUser, emailExists, fetchRankPermissions } from "./api.ts";
import { DialogFrame } from "./DialogFrame.tsx";
import { PermissionChecklist, permissionDiff } from "./PermissionChecklist.tsx";
import { RankSelect } from "./RankSelect.tsx";
import { failureText } from "./useDialogSubmit.ts";

type EmailState = "unchecked" | "checking" | "free" | "taken" | "invalid";

export function setupLink(token: string): string {
  return `${window.location.origin}/setup-password/${token}`;
}

function SetupLinkView({ link, onClose }: { link: string; onClose(): void }) {
  const { t } = useTranslation("users");
  const { copy, copied } = useCopyToClipboard();
  return (
    <Stack gap="md" data-testid="setup-link-view">
      <Text fw={600}>{t("create.created")}</Text>
      <Text size="sm" c="dimmed">
        {t("create.link_hint")}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          value={link}
          readOnly
          style={{ flex: 1 }}
          dir="ltr"
          data-testid="setup-link"
          aria-label={t("create.link")}
        />
        <Tooltip label={copied === link ? t("create.copied") : t("create.copy")} withArrow>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={() => void copy(link)}
            aria-label={t("create.copy")}
            data-testid="copy-setup-link"
          >
            {copied === link ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="setup-link-close">
          {t("create.close")}
        </Button>
      </Group>
    </Stack>
  );
}

export function CreateUserModal({
  ranks,
  onClose,
  onCreated,
}: {
  /** The ranks the caller may give a new employee (the list's abilities). */
  ranks: readonly StaffRank[];
  onClose(): void;
  onCreated(): void;
}) {
  const { t } = useTranslation("users");
  const { permissions: held } = useSession();
  const [email, setEmail] = useState("");
  const [emailState, setEmailState] = useState<EmailState>("unchecked");
  const [userClass, setUserClass] = useState<"user" | "dev" | null>(null);
  const [rank, setRank] = useState<StaffRank | null>(null);
  const [defaults, setDefaults] = useState<Set<Permission>>(new Set());
  const [value, setValue] = useState<Set<Permission>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);

  const checkEmail = async () => {
    if (!email.trim()) return setEmailState("unchecked");
    if (!checkNewUserEmailBody.safeParse({ email }).success) return setEmailState("invalid");
    setEmailState("checking");
    try {
      setEmailState((await emailExists(email.trim())) ? "taken" : "free");
    } catch (failure) {
      setEmailState("unchecked");
      setError(failureText(failure));
    }
  };

  const chooseRank = async (next: StaffRank) => {
    setRank(next);
    try {
      const loaded = new Set(await fetchRankPermissions(next));
      setDefaults(loaded);
      // The server refuses a new account holding what its creator does not hold.
      setValue(new Set([...loaded].filter((p) => holdsEveryPermission(next) || held.has(p))));
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const employee = userClass === "dev";
  const canConfirm = emailState === "free" && userClass !== null && (!employee || rank !== null) && !busy;

  const confirm = async () => {
    if (!userClass) return;
    setBusy(true);
    setError(null);
    try {
      const change =
        employee && rank && !holdsEveryPermission(rank)
          ? permissionDiff(defaults, value)
          : { add_list: [], remove_list: [] };
      const created = await createUser({
        email: email.trim(),
        user_class: userClass,
        ...(employee && rank ? { user_rank: rank } : {}),
        ...change,
      });
      setLink(setupLink(created.password_token));
      onCreated();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (link) {
    return (
      <Modal opened onClose={onClose} title={t("create.title")} centered size="lg" data-testid="create-user-dialog">
        <SetupLinkView link={link} onClose={onClose} />
      </Modal>
    );
  }
  const emailError =
    emailState === "taken" ? t("email_exists") : emailState === "invalid" ? t("create.email_invalid") : null;
  return (
    <DialogFrame
      title={t("create.title")}
      onClose={onClose}
      onConfirm={() => void confirm()}
      canConfirm={canConfirm}
      busy={busy}
      error={error}
      testId="create-user-dialog"
    >
      <TextInput
        label={t("create.email")}
        type="email"
        required
        dir="ltr"
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          setEmailState("unchecked");
        }}
        onBlur={() => void checkEmail()}
        error={emailError}
        data-testid="create-email"
      />
      <Radio.Group
        label={t("create.type")}
        required
        value={userClass}
        onChange={(next) => setUserClass(next as "user" | "dev")}
      >
        <Group gap="lg" mt={4}>
          <Radio value="user" label={t("create.type_user")} data-testid="create-type-user" />
          <Radio value="dev" label={t("create.type_dev")} data-testid="create-type-dev" />
        </Group>
      </Radio.Group>
      {employee && (
        <>
          <RankSelect
            label={t("create.rank")}
            placeholder={t("create.rank_placeholder")}
            value={rank}
            onChange={(next) => void chooseRank(next)}
            allowed={ranks}
            testId="create-rank"
          />
          {rank && (
            <PermissionChecklist value={value} held={held} allOn={holdsEveryPermission(rank)} onChange={setValue} />
          )}
        </>
      )}
    </DialogFrame>
  );
}
