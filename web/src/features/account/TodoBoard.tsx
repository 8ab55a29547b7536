/**
 * The developer to-do board (spec/3-staff-administration.md §2.6): one board the whole staff shares. A new to-do has an
 * area and its content; Enter adds it and blank content is ignored. A to-do moves between Active
 * and Done and can be deleted. If the board cannot be loaded it is not shown at all.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TODO_LIMITS, type Todo } from "../../../../common/schemas/todos.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { accountKeys, todoCalls, useTodos } from "./api.ts";

function TodoItem({ todo, onToggle, onDelete }: { todo: Todo; onToggle: () => void; onDelete: () => void }) {
  const { t } = useTranslation("account");
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="todo-item" data-done={todo.done}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Checkbox
          checked={todo.done}
          onChange={onToggle}
          aria-label={todo.done ? t("developer.mark_active") : t("developer.mark_done")}
          data-testid="todo-toggle"
          mt={2}
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" td={todo.done ? "line-through" : undefined} style={{ overflowWrap: "anywhere" }}>
            {todo.content}
          </Text>
          <Group gap={6}>
            {todo.field && (
              <Badge size="xs" variant="light">
                {todo.field}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {todo.author ? t("developer.by", { name: todo.author }) : ""} {formatDateTime(todo.timestamp)}
            </Text>
          </Group>
        </Stack>
        <Tooltip label={t("developer.delete")}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t("developer.delete")}
            data-testid="todo-delete"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

export function TodoBoard() {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const board = useTodos();
  const [field, setField] = useState("");
  const [content, setContent] = useState("");
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.todos });
  const act = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      showError(error);
    }
    await refresh();
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim() || busy) return;
    setBusy(true);
    await act(async () => {
      await todoCalls.create(field.trim(), content.trim());
      setContent("");
    });
    setBusy(false);
  };

  // spec/3-staff-administration.md §2.6 and §8: a board that failed to load disappears (the failure is logged).
  if (!board.data) return null;
  const lists = [
    { key: "active", title: t("developer.active"), todos: board.data.active_todos, empty: t("developer.empty_active") },
    { key: "done", title: t("developer.done"), todos: board.data.done_todos, empty: t("developer.empty_done") },
  ];
  return (
    <Stack gap="md" data-testid="todo-board">
      <form onSubmit={add}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t("developer.field")}
            placeholder={t("developer.field_placeholder")}
            value={field}
            maxLength={TODO_LIMITS.field}
            onChange={(event) => setField(event.currentTarget.value)}
            w={160}
            data-testid="todo-field"
          />
          <TextInput
            label={t("developer.content")}
            placeholder={t("developer.content_placeholder")}
            value={content}
            maxLength={TODO_LIMITS.content}
            onChange={(event) => setContent(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
            data-testid="todo-content"
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={busy} disabled={!content.trim()}>
            {t("developer.add")}
          </Button>
        </Group>
      </form>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {lists.map((list) => (
          <Stack key={list.key} gap="xs" data-testid={`todo-list-${list.key}`}>
            <Title order={4}>
              {list.title} ({list.todos.length})
            </Title>
            {list.todos.length === 0 && (
              <Text size="sm" c="dimmed">
                {list.empty}
              </Text>
            )}
            {list.todos.map((todo) => (
              <TodoItem
                key={todo.id}
                todo={todo}
                onToggle={() => void act(() => todoCalls.mark(todo.id, !todo.done))}
                onDelete={() => void act(() => todoCalls.remove(todo.id))}
              />
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
