/**
 * The conversation pane of the staff ticket page (docs/decisions/ticket-workspace.md): who else
 * is on the ticket, then Chat and Notes as two tabs over the pane's height. The chat's heading
 * is the ticket's subject and its first item the description; its messages scroll above the
 * reply box, which stays at the pane's bottom. Both tabs stay drawn, one over the other, the
 * hidden one invisible: their rooms stay joined and their lines arrive (the chat keeps following
 * its end), and drafts survive a switch. On the page, `r` goes to the reply box and `n` to the
 * note box (opening the Notes tab), as the shortcuts help lists them (features/shortcuts).
 */
import { Badge, Button, Group, Tabs, Title } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconInfoCircle, IconLock, IconMessages } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TicketViewer } from "../../../../common/schemas/ticketPresence.ts";
import { letterHotkeys } from "../shortcuts/hotkeys.ts";
import { NotesPanel } from "../staffChat/NotesPanel.tsx";
import { fetchNotes, notesKey } from "../staffChat/notes/api.ts";
import { type SendKind, StaffTicketChat } from "../staffChat/StaffTicketChat.tsx";
import type { StaffTicketFull } from "./api.ts";
import { TicketDescription } from "./TicketDescription.tsx";
import { TicketViewers } from "./TicketViewers.tsx";

type PaneTab = "chat" | "notes";

/** Mantine's tab ids derive from it (`${id}-tab-${value}`); the panels name theirs to match. */
const TABS_ID = "ticket-conversation";
const panelId = (tab: PaneTab) => `${TABS_ID}-panel-${tab}`;

/** A flex column over the rest of the pane. */
const COLUMN: CSSProperties = { flex: 1, minHeight: 0, display: "flex", flexDirection: "column" };

/**
 * Both panels share one grid cell. Mantine's Tabs.Panel would hide the other with display: none
 * inside React's Activity, whose hidden effects leave the chat's or the notes' room; hidden by
 * visibility, a panel keeps its effects and its layout (so the chat scrolls to a new line).
 */
function TabPanel({ tab, active, children }: { tab: PaneTab; active: boolean; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={panelId(tab)}
      aria-labelledby={`${TABS_ID}-tab-${tab}`}
      inert={!active}
      style={{ ...COLUMN, gridArea: "1 / 1", visibility: active ? "visible" : "hidden" }}
    >
      {children}
    </div>
  );
}

interface ConversationPaneProps {
  ticket: StaffTicketFull;
  viewers: TicketViewer[];
  onBeforeSend(kind: SendKind): Promise<boolean>;
  onAfterSend(kind: SendKind): Promise<void>;
  /** Set on a phone, where the details live in a drawer: the button that opens it. */
  onShowDetails?: () => void;
}

export function ConversationPane({ ticket, viewers, onBeforeSend, onAfterSend, onShowDetails }: ConversationPaneProps) {
  const { t } = useTranslation("ticketPage");
  const [tab, setTab] = useState<PaneTab>("chat");
  const replyInput = useRef<HTMLTextAreaElement>(null);
  const noteInput = useRef<HTMLTextAreaElement>(null);
  // The box to focus once its tab is drawn (a hidden tab's box cannot take the focus).
  const [focusWanted, setFocusWanted] = useState<{ tab: PaneTab } | null>(null);
  const notesCount = useNotesCount(ticket.id);

  useEffect(() => {
    if (focusWanted) (focusWanted.tab === "chat" ? replyInput : noteInput).current?.focus();
  }, [focusWanted]);

  const goTo = (target: PaneTab) => {
    setTab(target);
    setFocusWanted({ tab: target });
    return true;
  };
  // The shortcuts' rules (a modal or a menu keeps its keys; any keyboard layout): hotkeys.ts.
  useHotkeys([...letterHotkeys("r", () => goTo("chat")), ...letterHotkeys("n", () => goTo("notes"))]);

  return (
    <div className="hd-ws-conversation" data-testid="ticket-conversation">
      <TicketViewers viewers={viewers} />
      <Tabs
        id={TABS_ID}
        value={tab}
        onChange={(value) => value && setTab(value as PaneTab)}
        style={{ ...COLUMN, gap: "var(--mantine-spacing-xs)" }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Tabs.List style={{ flex: 1 }}>
            <Tabs.Tab
              value="chat"
              leftSection={<IconMessages size={16} aria-hidden />}
              aria-controls={panelId("chat")}
              data-testid="tab-chat"
            >
              {t("workspace.chat")}
            </Tabs.Tab>
            <Tabs.Tab
              value="notes"
              color="yellow"
              leftSection={<IconLock size={16} aria-hidden />}
              aria-controls={panelId("notes")}
              rightSection={
                notesCount > 0 ? (
                  <Badge size="sm" variant="light" color="yellow" data-testid="tab-notes-count">
                    {notesCount}
                  </Badge>
                ) : null
              }
              data-testid="tab-notes"
            >
              {t("workspace.notes")}
            </Tabs.Tab>
          </Tabs.List>
          {onShowDetails && (
            <Button
              variant="default"
              size="xs"
              mb={6}
              leftSection={<IconInfoCircle size={16} aria-hidden />}
              onClick={onShowDetails}
              style={{ flexShrink: 0 }}
              data-testid="ticket-details-button"
            >
              {t("workspace.details")}
            </Button>
          )}
        </Group>
        <div style={{ flex: 1, minHeight: 0, display: "grid", gridTemplate: "minmax(0, 1fr) / minmax(0, 1fr)" }}>
          <TabPanel tab="chat" active={tab === "chat"}>
            <StaffTicketChat
              ticket={ticket}
              onBeforeSend={onBeforeSend}
              onAfterSend={onAfterSend}
              replyInputRef={replyInput}
              title={
                <Title
                  order={3}
                  fz="md"
                  lineClamp={1}
                  dir="auto"
                  title={ticket.subject}
                  style={{ minWidth: 0, overflowWrap: "anywhere" }}
                  data-testid="ticket-page-subject"
                >
                  {ticket.subject}
                </Title>
              }
              lead={<TicketDescription ticket={ticket} />}
            />
          </TabPanel>
          <TabPanel tab="notes" active={tab === "notes"}>
            <NotesPanel ticket={ticket} inputRef={noteInput} />
          </TabPanel>
        </div>
      </Tabs>
    </div>
  );
}

/**
 * How many notes the ticket has (deleted ones aside), from what the notes panel loaded: this
 * reads no notes of its own, so the panel's order (join the room, then read) holds.
 */
function useNotesCount(ticketId: number): number {
  const notes = useQuery({ queryKey: notesKey(ticketId), queryFn: () => fetchNotes(ticketId), enabled: false });
  return notes.data?.notes.filter((note) => !note.deleted).length ?? 0;
}
