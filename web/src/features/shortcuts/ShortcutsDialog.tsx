/** The dialog listing the staff pages' keyboard shortcuts, group by group; Esc closes it. */
import { Group, Kbd, Modal, Stack, Table, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SHORTCUT_GROUPS } from "./hotkeys.ts";

export default function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation("sidebar");
  return (
    <Modal opened={opened} onClose={onClose} title={t("shortcuts.title")} size="md" data-testid="shortcuts-dialog">
      <Stack gap="md">
        {SHORTCUT_GROUPS.map((group, index) => (
          <section key={group.title} aria-labelledby={`shortcuts-group-${index}`}>
            <Title order={3} size="h5" mb={4} id={`shortcuts-group-${index}`}>
              {t(group.title)}
            </Title>
            <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
              <Table.Tbody>
                {group.entries.map((entry) => (
                  <Table.Tr key={entry.label}>
                    <Table.Td w={96}>
                      <Group gap={4} wrap="nowrap">
                        {entry.keys.map((key) => (
                          <Kbd key={key}>{key}</Kbd>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{t(entry.label)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
