/** The centred card that holds the sign-in and set-password forms. */
import { Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface AuthCardProps {
  icon: ReactNode;
  title: string;
  subtitle?: string;
  children: ReactNode;
}

export function AuthCard({ icon, title, subtitle, children }: AuthCardProps) {
  return (
    <Center py={{ base: "md", sm: 40 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: 32 }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light">
              {icon}
            </ThemeIcon>
            <Title order={2}>{title}</Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
