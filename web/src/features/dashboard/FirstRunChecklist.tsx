/**
 * The admins' first-run checklist on the dashboard (docs/decisions/first-start.md): what a new
 * help desk needs first, each item ticked by the server from its own state, each with a way to
 * where it is done. Dismissed for good by an admin or once every item is done; the server keeps
 * that, so it stays gone in every browser.
 */
import { Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconExternalLink } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { FirstRunChecklist as Checklist, FirstRunItem } from "../../../../common/schemas/firstRun.ts";
import { useSession } from "../../session/SessionContext.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { useChangeFirstRunChecklist, useFirstRunChecklist } from "./api.ts";

function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} size="xs" variant="light">
      {children}
    </Button>
  );
}

/** Where each item is done, and what it says while it is not. */
function itemBody(t: TFunction<"dashboard">, { item, checklist, busy, onConfirmSetup }: ItemProps) {
  switch (item) {
    case "password":
      return {
        hint: t("first_run.password.hint"),
        actions: <LinkButton to="/admin/settings/profile-settings">{t("first_run.password.action")}</LinkButton>,
      };
    case "setup":
      return {
        hint: t("first_run.setup.hint"),
        actions: (
          <>
            <LinkButton to="/admin/setup/category-setup">{t("first_run.setup.categories")}</LinkButton>
            <LinkButton to="/admin/setup/server-setup">{t("first_run.setup.servers")}</LinkButton>
            <Button size="xs" variant="subtle" loading={busy} onClick={onConfirmSetup} data-testid="first-run-confirm">
              {t("first_run.setup.confirm")}
            </Button>
          </>
        ),
      };
    case "staff":
      return {
        hint: t("first_run.staff.hint"),
        actions: <LinkButton to="/admin/users">{t("first_run.staff.action")}</LinkButton>,
      };
    case "game":
      return {
        hint: t(checklist.integration_key_set ? "first_run.game.hint_key_set" : "first_run.game.hint_no_key"),
        actions: <LinkButton to="/admin/members/search-members">{t("first_run.game.action")}</LinkButton>,
      };
    case "test_ticket":
      return {
        hint: t("first_run.test_ticket.hint"),
        actions: (
          <Button
            component="a"
            href="/ticket"
            target="_blank"
            rel="noopener"
            size="xs"
            variant="light"
            rightSection={<IconExternalLink size={14} />}
          >
            {t("first_run.test_ticket.action")}
          </Button>
        ),
      };
  }
}

interface ItemProps {
  item: FirstRunItem;
  checklist: Checklist;
  busy: boolean;
  onConfirmSetup: () => void;
}

function ChecklistItem(props: ItemProps & { done: boolean }) {
  const { t } = useTranslation("dashboard");
  const { item, done } = props;
  const body = itemBody(t, props);
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm" data-testid={`first-run-${item}`} data-done={done}>
      <ThemeIcon
        size={24}
        radius="xl"
        color={done ? "teal" : "gray"}
        variant={done ? "filled" : "default"}
        role="img"
        aria-label={t(done ? "first_run.done" : "first_run.not_done")}
      >
        {done ? <IconCheck size={16} /> : null}
      </ThemeIcon>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} c={done ? "dimmed" : undefined}>
          {t(`first_run.${item}.title`)}
        </Text>
        {!done && (
          <>
            <Text size="sm" c="dimmed">
              {body.hint}
            </Text>
            <Group gap="xs">{body.actions}</Group>
          </>
        )}
      </Stack>
    </Group>
  );
}

export function FirstRunChecklist() {
  const { t } = useTranslation("dashboard");
  const { user, isStaff } = useSession();
  const checklist = useFirstRunChecklist(isStaff && user?.rank === "admin");
  const change = useChangeFirstRunChecklist();
  const data = checklist.data;
  if (!data || data.dismissed) return null;

  const run = (action: "dismiss" | "confirm_setup") => change.mutate({ action }, { onError: showError });
  const done = data.items.filter((item) => item.done).length;
  const total = data.items.length;
  return (
    <Paper withBorder radius="md" p="md" data-testid="first-run-checklist">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={4}>{t("first_run.title")}</Title>
            <Text size="sm" c="dimmed">
              {t("first_run.intro")}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            onClick={() => run("dismiss")}
            loading={change.isPending && change.variables?.action === "dismiss"}
            data-testid="first-run-dismiss"
          >
            {t("first_run.dismiss")}
          </Button>
        </Group>
        <Stack gap={4}>
          <Text size="sm" data-testid="first-run-progress">
            {t("first_run.progress", { done, total })}
          </Text>
          <Progress value={(done / total) * 100} size="sm" color="teal" aria-hidden />
        </Stack>
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: "none" }}>
          {data.items.map((item) => (
            <ChecklistItem
              key={item.key}
              item={item.key}
              done={item.done}
              checklist={data}
              busy={change.isPending && change.variables?.action === "confirm_setup"}
              onConfirmSetup={() => run("confirm_setup")}
            />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
