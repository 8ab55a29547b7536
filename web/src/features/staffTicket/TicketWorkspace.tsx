/**
 * Everything on the staff ticket page below its title (spec/2-staff-ticket-work.md §2), as a workspace over the
 * window's height (docs/decisions/ticket-workspace.md): the conversation (chat and notes, the
 * reply box at its bottom) and beside it the details pane (status actions with their modals,
 * ticket info, the player's panel); from 1280 px side by side, below that the details under the
 * conversation, and on a phone in a drawer behind a Details button.
 */
import { Drawer, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { type CSSProperties, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ENDED_STATUSES } from "../../../../common/constants.ts";
import type { FetchStaffTicketResponse, TicketPlayer } from "../../../../common/schemas/staffTickets.ts";
import { ApiError } from "../../api/client.ts";
import { TypingSignalContext, type TypingWhat } from "../../realtime/typingSignal.ts";
import { useSession } from "../../session/SessionContext.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { errorText } from "../../ui/useErrorText.ts";
import { usePreferences } from "../account/api.ts";
import { useFillWindowHeight } from "../chat/useFillWindowHeight.ts";
import { PlayerPanel } from "../players/PlayerPanel.tsx";
import { type StaffChatPage, staffChatKey } from "../staffChat/api.ts";
import type { SendKind } from "../staffChat/StaffTicketChat.tsx";
import { useServers } from "../tickets/api.ts";
import { AssignModal } from "./AssignModal.tsx";
import { type FastAction, type StaffTicketFull, staffTicketKey, ticketActions, useDevs, useSetTicket } from "./api.ts";
import { ConfirmModal, SubmitWarningModal, type WarningKind, warningSuppressed } from "./ConfirmModals.tsx";
import { ConversationPane } from "./ConversationPane.tsx";
import { FastCompleteModal } from "./FastCompleteModal.tsx";
import { HoldModal } from "./HoldModal.tsx";
import { TicketInfoPanel } from "./TicketInfoPanel.tsx";
import { type ActionDialog, TicketStatusCard } from "./TicketStatusCard.tsx";
import { TrafficCopModal } from "./TrafficCopModal.tsx";
import { changesSince, type ReplyBaseline, replyBaseline, type TicketChanges } from "./trafficCop.ts";
import { useAsk } from "./useAsk.ts";
import { useTicketPresence } from "./useTicketPresence.ts";
import "./TicketWorkspace.css";

type Dialog = ActionDialog | null;

/** Below Mantine's `sm`: the details go into a drawer. */
const PHONE_QUERY = "(max-width: 47.99em)";

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
  const [detailsOpen, setDetailsOpen] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  // The panes end at the window's bottom edge (the shell's padding below them): the reply box is
  // in view when the ticket opens, and the page does not grow with the conversation.
  const panes = useRef<HTMLDivElement>(null);
  const height = useFillWindowHeight(panes, true, { least: 420, gap: 20 });
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

  const details = (
    <>
      <TicketStatusCard
        ticket={ticket}
        assignee={assignee}
        playerLink={`/ticket/${ticketInfo}`}
        onOpen={setDialog}
        onAssignToMe={() => void run(() => ticketActions.assign(ticket, ticket.category, user.id), t("done.assigned"))}
        onRetain={(retain) => void run(() => ticketActions.retain(ticket.id, retain))}
        onBanChanged={() => void queryClient.invalidateQueries({ queryKey: staffTicketKey(ticket.id) })}
      />
      <TicketInfoPanel
        ticket={ticket}
        user={player}
        serverTitle={serverTitle}
        canEdit={abilities.edit}
        onSave={async (category, priority) => {
          await run(() => ticketActions.update(ticket.id, category, priority), t("done.saved"));
        }}
      />
      <PlayerPanel ticket={ticket} player={player} />
    </>
  );

  const page = (
    <>
      <div
        ref={panes}
        className="hd-ws"
        style={height === undefined ? undefined : ({ "--hd-ws-height": `${height}px` } as CSSProperties)}
        data-testid="ticket-workspace"
      >
        <ConversationPane
          ticket={ticket}
          viewers={presence.viewers}
          onBeforeSend={onBeforeSend}
          onAfterSend={onAfterSend}
          onShowDetails={phone ? () => setDetailsOpen(true) : undefined}
        />
        {phone ? (
          <Drawer
            opened={detailsOpen}
            onClose={() => setDetailsOpen(false)}
            position="bottom"
            size="90%"
            title={t("workspace.details")}
          >
            <Stack gap="md" data-testid="ticket-details-drawer">
              {details}
            </Stack>
          </Drawer>
        ) : (
          <section className="hd-ws-details" aria-label={t("workspace.details")} data-testid="ticket-details-pane">
            {details}
          </section>
        )}
      </div>

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
    </>
  );
  // The reply and note boxes below say each keystroke (presence, and the reply's start).
  return <TypingSignalContext.Provider value={onTyping}>{page}</TypingSignalContext.Provider>;
}
