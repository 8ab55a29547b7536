/** What a ticket page shows when its link is broken or the ticket cannot be opened. */
import { Alert, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";

export function TicketUnavailable({ message, action }: { message: string; action?: ReactNode }) {
  const { t } = useTranslation("edit");
  return (
    <>
      <PageHeader title={t("ticket.title_plain")} />
      <Stack gap="md" align="flex-start">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          w="100%"
          data-testid="ticket-unavailable"
        >
          {message}
        </Alert>
        {action}
      </Stack>
    </>
  );
}
