/**
 * The changelog timeline (spec/3-staff-administration.md §2.1, §5): every member of staff reads it, newest first, under
 * the project version; whoever the server says may (`may_add`: admins) adds an entry (date HH:MM DD.MM:YYYY or empty for now, title and
 * message required). The same zod rule as the server checks the form.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PROJECT_VERSION } from "../../../../common/constants.ts";
import { addChangelogBody, CHANGELOG_LIMITS } from "../../../../common/schemas/changelog.ts";
import { useSession } from "../../session/SessionContext.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { useAddChangelog, useChangelogs } from "./api.ts";

const EMPTY = { date: "", title: "", message: "" };

function AddChangelogForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation("dashboard");
  const add = useAddChangelog();
  const [draft, setDraft] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const parsed = addChangelogBody.safeParse(draft);
  const issue = (field: keyof typeof EMPTY) =>
    touched && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === field) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: () => {
        setDraft(EMPTY);
        setTouched(false);
        onDone();
      },
      onError: showError,
    });
  };
  const set = (field: keyof typeof EMPTY) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  return (
    <Paper withBorder p="sm" radius="md" component="form" onSubmit={submit} data-testid="changelog-form">
      <Stack gap="xs">
        <TextInput
          label={t("changelog.date")}
          description={t("changelog.date_hint")}
          placeholder="HH:MM DD.MM:YYYY"
          value={draft.date}
          onChange={(e) => set("date")(e.currentTarget.value)}
          error={issue("date") && t("changelog.date_invalid")}
          dir="ltr"
          name="date"
        />
        <TextInput
          label={t("changelog.entry_title")}
          required
          maxLength={CHANGELOG_LIMITS.title}
          value={draft.title}
          onChange={(e) => set("title")(e.currentTarget.value)}
          error={issue("title") && t("changelog.required")}
          name="title"
        />
        <Textarea
          label={t("changelog.message")}
          required
          autosize
          minRows={2}
          maxLength={CHANGELOG_LIMITS.message}
          value={draft.message}
          onChange={(e) => set("message")(e.currentTarget.value)}
          error={issue("message") && t("changelog.required")}
          name="message"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t("changelog.cancel")}
          </Button>
          <Button type="submit" loading={add.isPending} disabled={touched && !parsed.success}>
            {t("changelog.submit")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ChangelogTimeline() {
  const { t } = useTranslation("dashboard");
  const { isStaff } = useSession();
  const changelogs = useChangelogs();
  const [adding, setAdding] = useState(false);
  if (!isStaff) return null;
  // Whether the caller may add is the server's answer (add-new-changelog's access).
  const mayAdd = changelogs.data?.may_add === true;
  return (
    <Paper withBorder radius="md" p="md" data-testid="changelog">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={4}>{t("changelog.title")}</Title>
            <Badge variant="light" data-testid="project-version">
              {t("changelog.version", { version: PROJECT_VERSION })}
            </Badge>
          </Group>
          {mayAdd && !adding && (
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
              {t("changelog.add")}
            </Button>
          )}
        </Group>
        {adding && <AddChangelogForm onDone={() => setAdding(false)} />}
        {changelogs.isPending && <Loader size="sm" />}
        {changelogs.isError && <Alert color="red">{t("changelog.load_failed")}</Alert>}
        {changelogs.data?.changelogs.length === 0 && (
          <Text c="dimmed" size="sm">
            {t("changelog.empty")}
          </Text>
        )}
        {changelogs.data && changelogs.data.changelogs.length > 0 && (
          <Timeline active={0} bulletSize={14} lineWidth={2}>
            {changelogs.data.changelogs.map((entry) => (
              <Timeline.Item key={entry.id} title={entry.title} data-testid="changelog-entry">
                <Text size="xs" c="dimmed" dir="ltr" style={{ unicodeBidi: "isolate" }}>
                  {formatDateTime(entry.date)}
                </Text>
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {entry.message}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
