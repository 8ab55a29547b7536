/**
 * Everything on the staff ticket page below its title (spec/2-staff-ticket-work.md §2): the assignee header, the
 * action bar with its modals, ticket info, description, and the panels others build (chat, notes,
 * quick replies, ban), wired to the status actions.
 */
import { Box, Button, Flex, Group, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlarm } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ENDED_STATUSES } from "../../../../common/constants.ts";
import type { FetchStaffTicketResponse, TicketPlayer } from "../../../../common/schemas/staffTickets.ts";
import { ApiError } from "../../api/client.ts";
import { TypingSignalContext, type TypingWhat } from "../../realtime/typingSignal.ts";
import { useSession } from "../../session/SessionContext.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { RefusalTooltip } from "../../ui/RefusalTooltip.tsx";
import { errorText } from "../../ui/useErrorText.ts";
import { usePreferences } from "../account/api.ts";
import { BanButton } from "../bans/BanButton.tsx";
import { PlayerPanel } from "../players/PlayerPanel.tsx";
import { type StaffChatPage, staffChatKey } from "../staffChat/api.ts";
import { NotesPanel } from "../staffChat/NotesPanel.tsx";
import { QuickReplyPanel } from "../staffChat/QuickReplyPanel.tsx";
import { type SendKind, StaffTicketChat } from "../staffChat/StaffTicketChat.tsx";
import { AttachmentGallery } from "../tickets/AttachmentGallery.tsx";
import { useServers } from "../tickets/api.ts";
import { AssigneeHeader } from "./AssigneeHeader.tsx";
import { AssignModal } from "./AssignModal.tsx";
import { type FastAction, type StaffTicketFull, staffTicketKey, ticketActions, useDevs, useSetTicket } from "./api.ts";
import { ConfirmModal, SubmitWarningModal, type WarningKind, warningSuppressed } from "./ConfirmModals.tsx";
import { FastCompleteModal } from "./FastCompleteModal.tsx";
import { HoldModal } from "./HoldModal.tsx";
import { TicketInfoPanel } from "./TicketInfoPanel.tsx";
import { TicketViewers } from "./TicketViewers.tsx";
import { TrafficCopModal } from "./TrafficCopModal.tsx";
import { changesSince, type ReplyBaseline, replyBaseline, type TicketChanges } from "./trafficCop.ts";
import { useAsk } from "./useAsk.ts";
import { useTicketPresence } from "./useTicketPresence.ts";

type Dialog = "assign" | "hold" | "complete" | "reopen" | null;

interface Props {
  ticket: StaffTicketFull;
  player: TicketPlayer;
  ticketInfo: string;
}

export function TicketWorkspace({ ticket, player, ticketInfo }: Props) {
  const { t } = useTranslation("ticketPage");
  const { user } = useSession();
  const navigate = useNavigate();
  const setTicket = useSetTicket(ticket.id);
  const queryClient = useQueryClient();
  const devs = useDevs();
  const servers = useServers();
  const preferences = usePreferences();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [insert, setInsert] = useState<{ text: string } | null>(null);
  const warning = useAsk<WarningKind, boolean>(false);
  const reopenForReply = useAsk<true, boolean>(false);
  const trafficCop = useAsk<TicketChanges, boolean>(false);
  const presence = useTicketPresence(ticket.id, user?.id);
  /** What the page knew at the current reply's first keystroke; null while no reply is started. */
  const replyStart = useRef<ReplyBaseline | null>(null);

  // The newest the page has: the ticket is read again on every ping, the chat takes lines live.
  const chatId = ticket.chat_id;
  const ticketId = ticket.id;
  const latest = useCallback(() => {
    const current = queryClient.getQueryData<FetchStaffTicketResponse>(staffTicketKey(ticketId))?.ticket;
    const lines = queryClient.getQueryData<StaffChatPage>(staffChatKey(chatId))?.chat ?? [];
    return { current, lines };
  }, [queryClient, ticketId, chatId]);

  const { typing } = presence;
  const onTyping = useCallback(
    (what: TypingWhat) => {
      typing();
      if (what !== "reply" || replyStart.current) return;
      const { current, lines } = latest();
      if (current) replyStart.current = replyBaseline(current, lines);
    },
    [typing, latest],
  );
  if (!user) return null;

  // What this employee may do here is the server's answer (ticket.abilities); a live update reads
  // the ticket again (useTicketLive), and every action's answer brings them anew.
  const { abilities } = ticket;
  const ended = ENDED_STATUSES.includes(ticket.status);
  const assignee = devs.data?.find((d) => d.id === ticket.assignedTo)?.name ?? null;
  const serverTitle = servers.data?.find((s) => s.id === ticket.server)?.title ?? String(ticket.server);

  /** Runs an action; its answer replaces the page's ticket; a refusal shows the error dialog. */
  const run = async (action: () => Promise<StaffTicketFull>, done?: string): Promise<StaffTicketFull | null> => {
    try {
      const updated = await action();
      setTicket(updated);
      if (done) notifications.show({ message: done, color: "green", autoClose: 3000 });
      return updated;
    } catch (error) {
      showError(error);
      return null;
    }
  };

  const afterComplete = () => {
    if (preferences.data?.redirect_after_ticket_complete) navigate("/admin/ticket");
  };

  const complete = async (action: FastAction, excuse: string) => {
    const done = await run(
      () => ticketActions.complete(ticket.id, action, excuse, abilities.excuse_required),
      t(`done.${action}`),
    );
    if (done) {
      setDialog(null);
      afterComplete();
    }
  };

  /**
   * Freshdesk's traffic cop: when messages, the status or the assignee changed after this reply was
   * started, the page shows what changed and asks first. Either answer counts as having seen them.
   */
  const changesAllowSend = async (): Promise<boolean> => {
    const start = replyStart.current;
    const { current, lines } = latest();
    if (!start || !current) return true;
    const changes = changesSince(start, current, lines, user.id);
    if (!changes) return true;
    const send = await trafficCop.ask(changes);
    const seen = latest();
    if (seen.current) replyStart.current = replyBaseline(seen.current, seen.lines);
    return send;
  };

  /**
   * The chat asks before sending: the traffic cop, then the warnings for resolve/close, the reopen
   * modal for a reply on an ended ticket.
   */
  const onBeforeSend = async (kind: SendKind): Promise<boolean> => {
    if (!(await changesAllowSend())) return false;
    if (kind === "plain") {
      if (!ended) return true;
      return reopenForReply.ask(true);
    }
    if (ended) return false;
    if (!abilities.complete) {
      // The server would refuse the completion after the message: say so before anything is sent.
      const code = abilities.refusals.complete ?? "forbidden";
      showError(new ApiError(403, errorText("", code), code));
      return false;
    }
    if (warningSuppressed(user.id, kind)) return true;
    return warning.ask(kind);
  };

  /** After a resolve/close message was stored, the ticket is completed (our message is the last one: no reason). */
  const onAfterSend = async (kind: SendKind) => {
    replyStart.current = null;
    if (kind === "plain") return;
    const action: FastAction = kind === "resolve" ? "RESOLVED" : "CLOSED";
    const done = await run(() => ticketActions.complete(ticket.id, action, "", false), t(`done.${action}`));
    if (done) afterComplete();
  };

  const personName = (id: number | null) =>
    id === null ? t("not_assigned") : (devs.data?.find((d) => d.id === id)?.name ?? `#${id}`);

  const page = (
    <Stack gap="md">
      <TicketViewers viewers={presence.viewers} />
      <AssigneeHeader name={assignee} playerLink={`/ticket/${ticketInfo}`} />
      {ticket.status === "ON HOLD" && ticket.hold_until !== null && (
        <Group gap={6} wrap="nowrap" data-testid="hold-until">
          <IconAlarm size={16} color="var(--mantine-color-orange-6)" aria-hidden />
          <Text size="sm">{t("hold.wakes_at", { time: formatDateTime(ticket.hold_until) })}</Text>
        </Group>
      )}
      <Paper withBorder radius="md" p="sm">
        <Group gap="xs" wrap="wrap" data-testid="ticket-actions">
          <RefusalTooltip code={abilities.refusals.assign}>
            <Button
              variant="light"
              disabled={!abilities.assign}
              onClick={() => setDialog("assign")}
              data-testid="action-assign"
            >
              {t("actions.assign")}
            </Button>
          </RefusalTooltip>
          {abilities.assign_self && (
            <Button
              variant="light"
              color="teal"
              onClick={() => void run(() => ticketActions.assign(ticket, ticket.category, user.id), t("done.assigned"))}
              data-testid="action-assign-me"
            >
              {t("actions.assign_to_me")}
            </Button>
          )}
          <RefusalTooltip code={abilities.refusals.hold}>
            <Button
              variant="light"
              color="orange"
              disabled={!abilities.hold}
              onClick={() => setDialog("hold")}
              data-testid="action-hold"
            >
              {t("actions.hold")}
            </Button>
          </RefusalTooltip>
          <RefusalTooltip code={abilities.refusals.complete}>
            <Button
              variant="light"
              color="green"
              disabled={!abilities.complete}
              onClick={() => setDialog("complete")}
              data-testid="action-fast-complete"
            >
              {t("actions.fast_complete")}
            </Button>
          </RefusalTooltip>
          {ended && (
            <RefusalTooltip code={abilities.refusals.reopen}>
              <Button
                variant="light"
                color="blue"
                disabled={!abilities.reopen}
                onClick={() => setDialog("reopen")}
                data-testid="action-reopen"
              >
                {t("actions.reopen")}
              </Button>
            </RefusalTooltip>
          )}
          <BanButton
            ticket={ticket}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: staffTicketKey(ticket.id) })}
          />
          {!ticket.clean && (
            <Switch
              ms="auto"
              checked={ticket.retain_attachments}
              onChange={(e) => {
                const retain = e.currentTarget.checked;
                void run(() => ticketActions.retain(ticket.id, retain));
              }}
              label={t("actions.retain")}
              description={t("actions.retain_hint")}
              data-testid="retain-toggle"
            />
          )}
        </Group>
      </Paper>

      <Flex gap="md" wrap="wrap" align="flex-start">
        <Box style={{ flex: "1 1 320px", minWidth: 0 }}>
          <PlayerPanel ticket={ticket} player={player} mb="md" />
          <TicketInfoPanel
            ticket={ticket}
            user={player}
            serverTitle={serverTitle}
            canEdit={abilities.edit}
            onSave={async (category, priority) => {
              await run(() => ticketActions.update(ticket.id, category, priority), t("done.saved"));
            }}
          />
        </Box>
        <Paper
          withBorder
          radius="md"
          p="md"
          style={{ flex: "2 1 420px", minWidth: 0 }}
          data-testid="ticket-description"
        >
          <Stack gap="sm">
            <Title order={4}>{t("description.title")}</Title>
            <Text fw={600} dir="auto">
              {ticket.subject}
            </Text>
            <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {ticket.description}
            </Text>
            <AttachmentGallery urls={ticket.attachments} />
          </Stack>
        </Paper>
      </Flex>

      <Flex gap="md" wrap="wrap" align="stretch">
        {/* The panel's message area is the spec's 500 px; the box grows with its header and reply box. */}
        <Box style={{ flex: "1 1 55%", minWidth: 0 }} data-testid="staff-chat-area">
          <StaffTicketChat ticket={ticket} onBeforeSend={onBeforeSend} onAfterSend={onAfterSend} insert={insert} />
        </Box>
        <Box style={{ flex: "0 1 40%", minWidth: 280 }} data-testid="notes-area">
          <NotesPanel ticket={ticket} />
        </Box>
      </Flex>
      <Box mah={400} style={{ overflow: "auto" }} data-testid="quick-reply-area">
        <QuickReplyPanel category={ticket.category} onPick={(text) => setInsert({ text })} />
      </Box>

      <AssignModal
        opened={dialog === "assign"}
        ticket={ticket}
        onClose={() => setDialog(null)}
        onAssign={async (category, devId) => {
          if (await run(() => ticketActions.assign(ticket, category, devId), t("done.assigned"))) setDialog(null);
        }}
      />
      <HoldModal
        opened={dialog === "hold"}
        onCancel={() => setDialog(null)}
        onHold={async (holdUntil) => {
          if (await run(() => ticketActions.hold(ticket.id, holdUntil), t("done.hold"))) setDialog(null);
        }}
      />
      <FastCompleteModal
        opened={dialog === "complete"}
        required={abilities.excuse_required}
        onClose={() => setDialog(null)}
        onComplete={complete}
      />
      <ConfirmModal
        opened={dialog === "reopen" || reopenForReply.question !== null}
        title={t("reopen.title")}
        text={reopenForReply.question ? t("reopen.for_reply") : t("reopen.text")}
        confirmLabel={t("reopen.submit")}
        testId="reopen-modal"
        onCancel={() => {
          setDialog(null);
          reopenForReply.cancel();
        }}
        onConfirm={async () => {
          const forReply = reopenForReply.question !== null;
          const done = await run(() => ticketActions.reopen(ticket.id, forReply), t("done.reopened"));
          setDialog(null);
          if (forReply) reopenForReply.answer(done !== null);
        }}
      />
      <SubmitWarningModal kind={warning.question} userId={user.id} onAnswer={warning.answer} />
      <TrafficCopModal changes={trafficCop.question} personName={personName} onAnswer={trafficCop.answer} />
    </Stack>
  );
  // The reply and note boxes below say each keystroke (presence, and the reply's start).
  return <TypingSignalContext.Provider value={onTyping}>{page}</TypingSignalContext.Provider>;
}
