/** Chat panel constants of spec/2-staff-ticket-work.md §9, shared by the player's and the staff's chat. */
export const CHAT_UI = {
  /** The staff chat area's height in pixels. */
  staffChatHeightPx: 500,
  /** The scroll-to-bottom button shows when the reader is further than this from the end. */
  scrollButtonDistancePx: 50,
  /** Swipe-to-reply: the icon shows from 40 px, a release past 100 px replies, the drag stops at 120 px. */
  swipeIconPx: 40,
  swipeTriggerPx: 100,
  swipeMaxPx: 120,
  /** The image viewer's zoom. */
  zoomMin: 1.2,
  zoomMax: 5,
  zoomStep: 0.1,
  zoomDefault: 2,
} as const;
