/**
 * Swipe-to-reply (spec/2-staff-ticket-work.md §9): dragging a message towards the inline end shows the reply icon from
 * 40 px, replies when released past 100 px, and never moves further than 120 px. Works with touch
 * and mouse through pointer events; in right-to-left text the swipe runs the other way.
 */
import { useDirection } from "@mantine/core";
import { type PointerEvent, useRef, useState } from "react";
import { CHAT_UI } from "../../../../common/chatConstants.ts";

export function swipeOffset(dx: number, rtl: boolean): number {
  const along = rtl ? -dx : dx;
  return Math.min(CHAT_UI.swipeMaxPx, Math.max(0, along));
}

export function useSwipeToReply(onReply: (() => void) | undefined) {
  const { dir } = useDirection();
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const [offset, setOffset] = useState(0);

  const end = () => {
    if (start.current && offset > CHAT_UI.swipeTriggerPx) onReply?.();
    start.current = null;
    setOffset(0);
  };

  const handlers = onReply
    ? {
        onPointerDown: (event: PointerEvent<HTMLElement>) => {
          // Text selection and buttons keep working: only a primary press on the bubble starts a swipe.
          if (event.button !== 0 || (event.target as HTMLElement).closest("button, a, textarea")) return;
          start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
        },
        onPointerMove: (event: PointerEvent<HTMLElement>) => {
          const s = start.current;
          if (!s || s.id !== event.pointerId) return;
          const dx = event.clientX - s.x;
          if (Math.abs(event.clientY - s.y) > 40 && offset === 0) {
            start.current = null; // a vertical scroll, not a swipe
            return;
          }
          const next = swipeOffset(dx, dir === "rtl");
          // Once the bubble moves, it keeps the pointer: a line at the end side slides under the
          // chat's clipped edge, and a mouse leaving there would otherwise drop the swipe.
          if (next > 0 && !event.currentTarget.hasPointerCapture(event.pointerId))
            event.currentTarget.setPointerCapture(event.pointerId);
          setOffset(next);
        },
        onPointerUp: end,
        onPointerCancel: () => {
          start.current = null;
          setOffset(0);
        },
        onPointerLeave: end,
      }
    : {};

  return {
    handlers,
    offset,
    showIcon: offset >= CHAT_UI.swipeIconPx,
    /** The bubble's shift, in the direction the text runs. */
    style: offset
      ? { transform: `translateX(${dir === "rtl" ? -offset : offset}px)`, touchAction: "pan-y" }
      : { touchAction: "pan-y" },
  };
}
