/**
 * A player's view of their ticket (spec/1-product-frame.md §2): details, description with attachments and the
 * live chat. Members may mark it solved once staff answered; temporary users may not. Nothing
 * staff-only is shown (the server does not send it either).
 */
import {
  Box,
  Button,
  Collapse,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
  useMantineTheme,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronDown, IconCircleCheck } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Crumb } from "../../components/PageHeader.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { confirmAction } from "../../ui/confirmAction.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { PlayerTicketChat } from "../chat/PlayerTicketChat.tsx";
import { openTicketStore } from "../playerSignals/openTicket.ts";
import { AttachmentGallery } from "./AttachmentGallery.tsx";
import { completeTicket, type PlayerTicket, ticketKeys, useCategories, useServers } from "./api.ts";
import { StatusBadge } from "./StatusBadge.tsx";
import { TicketReference } from "./TicketReference.tsx";
import { categoryTitle, isTicketEnded } from "./ticketDisplay.ts";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="end" style={{ overflowWrap: "anywhere" }} component="div">
        {children}
      </Text>
    </Group>
  );
}

interface TicketViewProps {
  ticket: PlayerTicket;
  /** Temporary users follow their ticket but cannot mark it solved. */
  temporary: boolean;
  breadcrumbs?: Crumb[];
}

export function TicketView({ ticket, temporary, breadcrumbs }: TicketViewProps) {
  const { t, i18n } = useTranslation("edit");
  const queryClient = useQueryClient();
  const categories = useCategories();
  const servers = useServers();
  const [completing, setCompleting] = useState(false);
  const ended = isTicketEnded(ticket.status);
  const language = i18n.resolvedLanguage ?? "en";
  const theme = useMantineTheme();
  // Below `md` the columns stack: the details fold, closed until asked for.
  const narrow = useMediaQuery(`(max-width: calc(${theme.breakpoints.md} - 1px))`, false, {
    getInitialValueInEffect: false,
  });
  const [detailsOpen, setDetailsOpen] = useState(false);
  // The open ticket's replies are read here: no toast for them.
  useEffect(() => {
    openTicketStore.set(ticket.id);
    return () => openTicketStore.set(null);
  }, [ticket.id]);

  const markSolved = async () => {
    if (!(await confirmAction({ message: t("ticket.solved_confirm") }))) return;
    setCompleting(true);
    try {
      const updated = await completeTicket(ticket.id);
      queryClient.setQueryData(ticketKeys.ticket(ticket.id), updated);
      void queryClient.invalidateQueries({ queryKey: ["member-ticket-history"] });
    } catch (error) {
      showError(error);
    } finally {
      setCompleting(false);
    }
  };

  const details = (
    <Stack gap="sm">
      <Detail label={t("signals.reference")}>
        <TicketReference ticketNumber={ticket.createdAt} />
      </Detail>
      <Detail label={t("ticket.category")}>
        {categoryTitle(
          categories.data?.find((c) => c.id === ticket.category),
          language,
        )}
      </Detail>
      <Detail label={t("ticket.server")}>{servers.data?.find((s) => s.id === ticket.server)?.title ?? "UNK"}</Detail>
      {ticket.characterName && <Detail label={t("ticket.character")}>{ticket.characterName}</Detail>}
      {ticket.violatersName && <Detail label={t("ticket.violator")}>{ticket.violatersName}</Detail>}
      <Detail label={t("ticket.created")}>{formatDateTime(ticket.createdAt)}</Detail>
      <Detail label={t("ticket.updated")}>{formatDateTime(ticket.lastUpdated)}</Detail>
      {!temporary && ticket.status !== "NEW TICKET" && (
        <Button
          mt="xs"
          color="green"
          variant={ended ? "light" : "filled"}
          leftSection={<IconCircleCheck size={18} />}
          onClick={markSolved}
          loading={completing}
          disabled={ended}
          fullWidth
          data-testid="mark-solved"
        >
          {t("ticket.solved")}
        </Button>
      )}
    </Stack>
  );

  // The conversation comes first; details and description sit beside it, or under it on a narrow
  // screen, where the details fold to one line with the status.
  return (
    <>
      <PageHeader title={t("ticket.title", { number: ticket.createdAt })} breadcrumbs={breadcrumbs} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <PlayerTicketChat
            chatId={ticket.chat_id}
            ticketId={ticket.id}
            ended={ended}
            resolved={ticket.status === "RESOLVED"}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg" data-testid="ticket-details">
              {narrow ? (
                <>
                  <UnstyledButton
                    onClick={() => setDetailsOpen((open) => !open)}
                    aria-expanded={detailsOpen}
                    aria-controls="ticket-details-body"
                    w="100%"
                    data-testid="ticket-details-toggle"
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{t("ticket.details")}</Text>
                      <Group gap="xs" wrap="nowrap">
                        <StatusBadge status={ticket.status} />
                        <IconChevronDown
                          size={18}
                          style={{
                            transform: detailsOpen ? "rotate(180deg)" : undefined,
                            transition: "transform 150ms",
                          }}
                        />
                      </Group>
                    </Group>
                  </UnstyledButton>
                  <Collapse expanded={detailsOpen} id="ticket-details-body">
                    <Box pt="sm">{details}</Box>
                  </Collapse>
                </>
              ) : (
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Text fw={600}>{t("ticket.details")}</Text>
                    <StatusBadge status={ticket.status} />
                  </Group>
                  {details}
                </Stack>
              )}
            </Paper>
            <Paper withBorder radius="md" p="lg" data-testid="ticket-description">
              <Stack gap="sm">
                <Title order={4} dir="auto" style={{ overflowWrap: "anywhere" }} data-testid="ticket-subject">
                  {ticket.subject}
                </Title>
                <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {ticket.description}
                </Text>
                <AttachmentGallery urls={ticket.attachments} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
