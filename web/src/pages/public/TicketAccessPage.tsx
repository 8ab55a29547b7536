/**
 * /ticket: the visitor's way in without an account (docs/decisions/player-side.md): file a
 * temporary ticket, or find one again by id and e-mail. Members are sent to '/' by the guard.
 */
import { Alert, Paper, Tabs } from "@mantine/core";
import { IconInfoCircle, IconSearch, IconTicket } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";
import { FindTicketForm } from "../../features/tickets/FindTicketForm.tsx";
import { type FiledTicket, TemporaryTicketForm } from "../../features/tickets/TemporaryTicketForm.tsx";
import { TicketFiledCard } from "../../features/tickets/TicketFiledCard.tsx";
import { useSession } from "../../session/SessionContext.ts";

type Tab = "file" | "find";

export default function TicketAccessPage() {
  const { t } = useTranslation("edit");
  const { isStaff } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "find" ? "find" : "file";
  const [filed, setFiled] = useState<FiledTicket | null>(null);

  return (
    <>
      <PageHeader title={t("temporary.title")} subtitle={t("temporary.subtitle")} />
      {isStaff ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {t("temporary.staff_notice")}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <Tabs
            value={tab}
            onChange={(value) => setParams(value === "find" ? { tab: "find" } : {}, { replace: true })}
            keepMounted={false}
          >
            <Tabs.List mb="lg">
              <Tabs.Tab value="file" leftSection={<IconTicket size={16} />}>
                {t("temporary.file_tab")}
              </Tabs.Tab>
              <Tabs.Tab value="find" leftSection={<IconSearch size={16} />}>
                {t("temporary.find_tab")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="file">
              {filed ? <TicketFiledCard ticket={filed} /> : <TemporaryTicketForm onFiled={setFiled} />}
            </Tabs.Panel>
            <Tabs.Panel value="find">
              <FindTicketForm />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      )}
    </>
  );
}
