/** A titled card around one chart or group of figures (dashboard and statistics page). */
import { Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function ChartCard({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}
