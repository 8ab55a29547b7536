/**
 * A system line of the staff chat (spec/2-staff-ticket-work.md §3): assignment, category change, completion, the
 * player's own resolve, reopen, ban and unban, each with the names of the people in it.
 */
import { Divider, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../ui/formatDate.ts";
import type { StaffMessage } from "./api.ts";

export interface SystemLineNames {
  /** A staff member's name by id (falls back to '#id'). */
  person(id: number | null): string;
  /** A category's title by id, deleted ones included. */
  category(id: number | null): string;
}

export function systemLineKey(message: StaffMessage): string {
  switch (message.type) {
    case "assignment":
      return message.to_user === null ? "chat.system.unassigned" : "chat.system.assignment";
    case "completion":
      return message.completedStatus === "CLOSED" ? "chat.system.completion_closed" : "chat.system.completion_resolved";
    case "ban_message":
      return message.banned === false ? "chat.system.unbanned" : "chat.system.banned";
    default:
      return `chat.system.${message.type}`;
  }
}

export function StaffSystemLine({ message, names }: { message: StaffMessage; names: SystemLineNames }) {
  const { t } = useTranslation("staffChat");
  const by =
    message.sender_name || (message.sender_id === null ? t("chat.system.auto") : names.person(message.sender_id));
  const values = {
    by,
    to: names.person(message.to_user),
    from: names.person(message.from_user),
    prev: names.category(message.prev_category),
    next: names.category(message.new_category),
  };
  const staffOnly = message.type === "assignment" || message.type === "ban_message";
  return (
    <Divider
      my={4}
      labelPosition="center"
      data-testid="staff-chat-system-line"
      data-type={message.type}
      label={
        <Text size="xs" c={staffOnly ? "orange" : "dimmed"} ta="center" dir="auto">
          {t(systemLineKey(message), { ...values, defaultValue: t("chat.system.other") })}
          {message.message && !message.deleted ? ` — ${message.message}` : ""} · {formatDateTime(message.timestamp)}
        </Text>
      }
    />
  );
}
