/** A setup row's title over its message; the message shows two lines and expands on hover (ContentSetup.css). */
import "./ContentSetup.css";
import { Stack, Text } from "@mantine/core";

export function TitledText({ title, message }: { title: string; message: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {/* bdi: a Turkish or English text keeps its punctuation in place on an Arabic page. */}
        <bdi>{title}</bdi>
      </Text>
      <Text size="sm" c="dimmed" className="hd-expand-on-hover" data-testid="setup-message">
        <bdi>{message}</bdi>
      </Text>
    </Stack>
  );
}
