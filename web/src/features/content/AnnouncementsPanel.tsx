/**
 * The announcements panel (spec/1-product-frame.md §2, §9), shared by the player pages and the staff dashboard:
 * numbered dots, a new item every 5 s with a 0.5 s fade, paused while hovered, a swipe of more
 * than 50 px for next/previous (mirrored right to left), text shrinking from 16 to 12 px to fit.
 * One numbered dot per item, even a lone one. The border is yellow while the shown item is
 * highlighted (unread or recent), else the primary colour. After an item has been on screen for a
 * second, onSeen reports it. The rules without the DOM are in announcementCarousel.ts.
 */
import "./AnnouncementsPanel.css";
import { ActionIcon, Badge, Box, Group, Paper, Stack, Text, ThemeIcon, useDirection } from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { type PointerEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TIMING } from "../../../../common/constants.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { fitFontSize, isUnreadOrRecent, stepIndex, swipeStep } from "./announcementCarousel.ts";
import type { Announcement } from "./api.ts";
import { useTextPicker } from "./localize.ts";

export type PanelAnnouncement = Pick<
  Announcement,
  "id" | "title" | "message" | "engTitle" | "engMessage" | "startDate" | "read"
>;

/** How long an item must be on screen before it counts as seen. */
const SEEN_AFTER_MS = 1000;
const TEXT_BOX_HEIGHT = 140;

interface AnnouncementsPanelProps {
  announcements: PanelAnnouncement[];
  /** Show "No new announcements" when the list is empty; otherwise render nothing then. */
  showEmpty?: boolean;
  /** Whether the item gets the yellow border; by default while unread or recent. */
  isHighlighted?: (item: PanelAnnouncement) => boolean;
  /** Called once an item has been shown for about a second (may repeat; the caller dedupes). */
  onSeen?: (item: PanelAnnouncement) => void;
  /** Replaces the default "Announcements" heading. */
  title?: ReactNode;
}

/** Shrinks the box's text one pixel at a time until it fits; scrolls when even 12 px does not. */
function fitText(box: HTMLElement): void {
  box.style.overflowY = "hidden";
  const size = fitFontSize((px) => {
    box.style.fontSize = `${px}px`;
    return box.scrollHeight > box.clientHeight;
  });
  box.style.fontSize = `${size}px`;
  if (box.scrollHeight > box.clientHeight) box.style.overflowY = "auto";
  box.dataset.fontSize = String(size);
}

export function AnnouncementsPanel({
  announcements,
  showEmpty = true,
  isHighlighted = (item) => isUnreadOrRecent(item),
  onSeen,
  title,
}: AnnouncementsPanelProps) {
  const { t } = useTranslation();
  const pick = useTextPicker();
  const { dir } = useDirection();
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const textBox = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ x: number; pointerId: number } | null>(null);
  const seenCallback = useRef(onSeen);
  seenCallback.current = onSeen;

  const count = announcements.length;
  const index = count === 0 ? 0 : Math.min(selected, count - 1);
  const current = count === 0 ? undefined : announcements[index];
  const shownTitle = current ? pick(current.title, current.engTitle) : "";
  const shownMessage = current ? pick(current.message, current.engMessage) : "";

  const step = useCallback(
    (delta: number) => {
      if (count > 0) setSelected((value) => stepIndex(value, delta, count));
    },
    [count],
  );

  // Rotation: a fresh 5 s wait after every change, so a picked dot stays for a full period.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => step(1), TIMING.announcementRotateMs);
    return () => clearTimeout(timer);
  }, [paused, count, step]);

  const currentId = current?.id;
  useEffect(() => {
    if (currentId === undefined) return;
    const timer = setTimeout(() => {
      const item = announcements.find((a) => a.id === currentId);
      if (item && !document.hidden) seenCallback.current?.(item);
    }, SEEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [currentId, announcements]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts are what decide the fit.
  useLayoutEffect(() => {
    if (textBox.current) fitText(textBox.current);
  }, [shownTitle, shownMessage]);

  // The box exists only while there is an item to show.
  const hasItems = count > 0;
  useEffect(() => {
    const box = textBox.current;
    if (!hasItems || !box || typeof ResizeObserver === "undefined") return;
    let width = box.clientWidth;
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      fitText(box);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [hasItems]);

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    swipeStart.current = { x: event.clientX, pointerId: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const delta = swipeStep(event.clientX - start.x, dir);
    if (delta !== 0) step(delta);
  };

  const heading = title ?? t("announcements.title");

  if (!current) {
    if (!showEmpty) return null;
    return (
      <Paper withBorder radius="md" p="md" data-testid="announcements-panel" data-empty>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size="lg" color="gray">
            <IconSpeakerphone size={20} />
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            {title && <Text fw={700}>{title}</Text>}
            <Text c="dimmed" data-testid="announcements-none">
              {t("announcements.none")}
            </Text>
          </Stack>
        </Group>
      </Paper>
    );
  }

  const highlighted = isHighlighted(current);
  const borderColor = highlighted ? "var(--mantine-color-yellow-filled)" : "var(--mantine-primary-color-filled)";

  return (
    <Paper
      component="section"
      radius="md"
      p="md"
      aria-roledescription="carousel"
      aria-label={typeof heading === "string" ? heading : undefined}
      data-testid="announcements-panel"
      data-highlighted={highlighted}
      data-announcement-id={current.id}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipeStart.current = null;
      }}
      style={{
        border: `2px solid ${borderColor}`,
        transition: "border-color 300ms ease",
        touchAction: "pan-y",
        userSelect: "none",
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" mb="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" radius="xl" size="lg" color={highlighted ? "yellow" : undefined}>
            <IconSpeakerphone size={20} />
          </ThemeIcon>
          <Text fw={700} truncate>
            {heading}
          </Text>
          {highlighted && (
            <Badge color="yellow" variant="light" size="sm" data-testid="announcement-new">
              {t("announcements.new")}
            </Badge>
          )}
        </Group>
        <Group gap={6} wrap="nowrap" role="group" aria-label={t("announcements.choose")}>
          {announcements.map((item, position) => (
            <ActionIcon
              key={item.id}
              size={26}
              radius="xl"
              variant={position === index ? "filled" : "default"}
              onClick={() => setSelected(position)}
              aria-label={t("announcements.show_number", { number: position + 1 })}
              aria-current={position === index ? "true" : undefined}
              data-testid="announcement-dot"
              data-active={position === index}
            >
              <Text span size="xs" fw={700}>
                {position + 1}
              </Text>
            </ActionIcon>
          ))}
        </Group>
      </Group>
      <Box ref={textBox} h={TEXT_BOX_HEIGHT} style={{ overflow: "hidden" }}>
        <Box key={current.id} className="hd-announcement-item" data-testid="announcement-item">
          <Text fw={700} fz="inherit" lh={1.4} data-testid="announcement-title">
            {/* bdi: text in another script than the page keeps its punctuation in place. */}
            <bdi>{shownTitle}</bdi>
          </Text>
          <Text fz="inherit" lh={1.5} mt={4} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            <bdi>{shownMessage}</bdi>
          </Text>
          <Text fz="0.75em" c="dimmed" mt={6}>
            <bdi>{formatDateTime(current.startDate)}</bdi>
          </Text>
        </Box>
      </Box>
    </Paper>
  );
}
